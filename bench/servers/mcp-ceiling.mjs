// The ceiling for a tool call on this machine: bare node:http speaking just enough MCP Streamable
// HTTP (2025 revisions, JSON answers) for a real client — initialize, the initialized notification,
// GET answered 405 as socialpub does — and answering tools/call with socialpub's own answer bytes
// for the caller, from memory: the same bearer check (SHA-256 of the token, lookup by digest,
// constant-time compare) and nothing else. No JSON-RPC validation, no tool, no database.
// Argument: <answers.json> = [[sha256 hex of token, tools/call `result` as JSON text], ...].
import './probe.mjs';
import { hash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const results = new Map(
  JSON.parse(readFileSync(process.argv[2], 'utf8')).map(([digest, result]) => [
    digest,
    { digest: Buffer.from(digest, 'hex'), result },
  ]),
);
const BEARER = /^\s*bearer\s+(\S+)\s*$/i;
const JSON_HEADERS = { 'content-type': 'application/json' };

function answer(res, status, body) {
  res.writeHead(status, JSON_HEADERS).end(body);
}

const server = createServer((req, res) => {
  if (req.url !== '/mcp') return answer(res, 404, '{}');
  if (req.method !== 'POST') {
    return answer(
      res,
      405,
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Method not allowed."}}',
    );
  }
  const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
  const digest = token === undefined ? null : hash('sha256', token, 'hex');
  const found = digest === null ? undefined : results.get(digest);
  if (!found || !timingSafeEqual(found.digest, Buffer.from(digest, 'hex'))) return answer(res, 401, '{}');
  const pieces = [];
  req.on('data', (piece) => pieces.push(piece));
  req.on('end', () => {
    const message = JSON.parse(Buffer.concat(pieces).toString('utf8'));
    if (message.id === undefined) return res.writeHead(202).end();
    const id = JSON.stringify(message.id);
    if (message.method === 'initialize') {
      const result = {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: 'ceiling', version: '0.0.0' },
      };
      return answer(res, 200, `{"result":${JSON.stringify(result)},"jsonrpc":"2.0","id":${id}}`);
    }
    answer(res, 200, `{"result":${found.result},"jsonrpc":"2.0","id":${id}}`);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
