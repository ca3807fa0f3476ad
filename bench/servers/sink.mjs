// Baseline: the least a TUS-like server can do. POST creates an empty file; PATCH pipes the body to
// disk at Upload-Offset (no hashing, no checks, no database). Argument: <directory>.
import { randomUUID } from 'node:crypto';
import { createWriteStream, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.argv[2];
const server = createServer(async (req, res) => {
  try {
    if (req.method === 'POST') {
      const id = randomUUID();
      writeFileSync(join(dir, id), '');
      res.writeHead(201, { Location: `/files/${id}`, 'Tus-Resumable': '1.0.0' }).end();
      return;
    }
    if (req.method === 'PATCH') {
      const id = req.url.split('/').pop();
      const offset = Number(req.headers['upload-offset']);
      const out = createWriteStream(join(dir, id), { flags: 'r+', start: offset });
      await pipeline(req, out);
      res
        .writeHead(204, { 'Upload-Offset': String(offset + out.bytesWritten), 'Tus-Resumable': '1.0.0' })
        .end();
      return;
    }
    res.writeHead(405).end();
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.requestTimeout = 0;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
