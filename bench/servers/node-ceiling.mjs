// The ceiling for an authenticated read on this machine: bare node:http, the same key check as
// socialpub (Bearer in any capitalisation, SHA-256 of the key, lookup by digest, constant-time
// compare of the digests) and the same answer bytes per account, served from memory (no database,
// no read limit, no request log). Argument: <keys.json> = [[sha256 hex of key, answer body], ...].
import './probe.mjs';
import { hash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = new Map(
  JSON.parse(readFileSync(process.argv[2], 'utf8')).map(([digest, body]) => [
    digest,
    { digest: Buffer.from(digest, 'hex'), body: Buffer.from(body) },
  ]),
);
const BEARER = /^\s*bearer\s+(\S+)\s*$/i;
const UNAUTHORIZED = JSON.stringify({ error: { code: 'unauthorized', message: 'Send your API key.' } });

const server = createServer((req, res) => {
  if (req.method !== 'GET' || req.url !== '/api/v2/accounts') {
    res.writeHead(404).end();
    return;
  }
  const key = BEARER.exec(req.headers.authorization ?? '')?.[1];
  const digest = key === undefined ? null : hash('sha256', key, 'hex');
  const found = digest === null ? undefined : answers.get(digest);
  if (!found || !timingSafeEqual(found.digest, Buffer.from(digest, 'hex'))) {
    res.writeHead(401, { 'content-type': 'application/json' }).end(UNAUTHORIZED);
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(found.body);
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
