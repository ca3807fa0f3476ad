// Baseline: @tus/server with @tus/file-store on node:http, as its README sets it up (no hashing).
// Argument: <directory>. Uploads are created with its own POST (creation extension).
import './probe.mjs';
import { createServer } from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';

const tus = new Server({ path: '/files', datastore: new FileStore({ directory: process.argv[2] }) });
const server = createServer((req, res) => tus.handle(req, res));
server.requestTimeout = 0;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
