// Baseline: the least a TUS-like server that verifies can do. POST creates an empty file; PATCH
// pipes the body to disk at Upload-Offset and feeds it to the upload's running SHA-256 (kept in
// memory across PATCHes, as socialpub hashes as the bytes arrive); no checks, no database.
// Argument: <directory>.
import './probe.mjs';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.argv[2];
const hashes = new Map();
const server = createServer(async (req, res) => {
  try {
    if (req.method === 'POST') {
      const id = randomUUID();
      writeFileSync(join(dir, id), '');
      hashes.set(id, { hash: createHash('sha256'), length: Number(req.headers['upload-length']) });
      res.writeHead(201, { Location: `/files/${id}`, 'Tus-Resumable': '1.0.0' }).end();
      return;
    }
    if (req.method === 'PATCH') {
      const id = req.url.split('/').pop();
      const { hash, length } = hashes.get(id);
      const offset = Number(req.headers['upload-offset']);
      const out = createWriteStream(join(dir, id), { flags: 'r+', start: offset });
      await pipeline(
        req,
        async function* (source) {
          for await (const chunk of source) {
            hash.update(chunk);
            yield chunk;
          }
        },
        out,
      );
      const headers = { 'Upload-Offset': String(offset + out.bytesWritten), 'Tus-Resumable': '1.0.0' };
      // The digest is read when the last byte arrived, as a verifying server must.
      if (offset + out.bytesWritten === length) headers['Upload-Sha256'] = hash.digest('hex');
      res.writeHead(204, headers).end();
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
