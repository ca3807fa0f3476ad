// Slow Client ID Metadata Documents: 200 authorization requests whose documents send their headers
// at once and then one byte every 200 ms. Counts the sockets the slow server still holds open
// over time, and what was stored. The server's real fetcher (public-address guard, loopback allowed
// for the bench) is used; the document's https address is fetched over http on 127.0.0.1.
//   npx tsx bench/security/slow-documents.mts [requests=200]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedClientMetadataFetcher } from '../../packages/server/src/oauth/client-metadata-document.js';
import { startServer } from '../../packages/server/src/start-server.js';

const requests = Number(process.argv[2] ?? 200);
const REDIRECT = 'http://127.0.0.1:9999/callback';
let open = 0;
let opened = 0;
const slow = http.createServer((request, response) => {
  const id = `https://slow.example${request.url}`;
  const body = JSON.stringify({
    client_id: id,
    client_name: 'Slow',
    redirect_uris: [REDIRECT],
    pad: ' '.repeat(60),
  });
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
  let at = 0;
  const timer = setInterval(() => {
    if (response.destroyed) return clearInterval(timer);
    response.write(body[at++]);
    if (at === body.length) {
      clearInterval(timer);
      response.end();
    }
  }, 200);
  response.on('close', () => clearInterval(timer));
});
slow.on('connection', (socket) => {
  open++;
  opened++;
  socket.on('close', () => open--);
});
await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
const slowPort = (slow.address() as AddressInfo).port;
const guarded = guardedClientMetadataFetcher(['127.0.0.1']);
const running = await startServer(
  {
    memory: true,
    port: 0,
    host: '127.0.0.1',
    clock: 'virtual',
    adminToken: 'bench-admin',
    clientMetadataFetcher: (url) => guarded(new URL(`http://127.0.0.1:${slowPort}${url.pathname}`)),
  },
  () => undefined,
);
const started = performance.now();
const answers = Array.from({ length: requests }, async (_, i) => {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: `https://slow.example/clients/${i}.json`,
    redirect_uri: REDIRECT,
    code_challenge: 'x'.repeat(43),
    code_challenge_method: 'S256',
    resource: `${running.url}/mcp`,
  });
  const response = await fetch(`${running.url}/oauth/authorize?${params}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return { status: response.status, at: performance.now() - started };
});
const samples: string[] = [];
const sampler = setInterval(
  () => samples.push(`${((performance.now() - started) / 1000).toFixed(0)} s: ${open}`),
  2000,
);
const done = await Promise.all(answers);
clearInterval(sampler);
const stored = (
  running.socialpub.services.db.prepare('SELECT COUNT(*) AS n FROM oauth_clients').get() as { n: number }
).n;
const statuses = new Map<number, number>();
for (const answer of done) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
console.log(`sockets the slow server held open: ${samples.join(', ')}`);
console.log(
  `${requests} requests: ${opened} connections opened to the slow server; last answer after ${(Math.max(...done.map((d) => d.at)) / 1000).toFixed(1)} s; ` +
    `answers ${JSON.stringify(Object.fromEntries(statuses))}; ${stored} slow documents stored; ${open} sockets still open at the end`,
);
await running.close();
slow.close();
