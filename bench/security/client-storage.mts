// OAuth clients stored from one address: registrations plus authorization requests naming a fresh
// Client ID Metadata Document each time (the document is answered from memory, so this measures
// what the server keeps, not the network).
//   npx tsx bench/security/client-storage.mts [seconds=20]
// The virtual clock stands still, so everything sent falls within one hour of the throttle.
import { startServer } from '../../packages/server/src/start-server.js';

const seconds = Number(process.argv[2] ?? 20);
const REDIRECT = 'http://127.0.0.1:9999/callback';
const running = await startServer(
  {
    memory: true,
    port: 0,
    host: '127.0.0.1',
    clock: 'virtual',
    adminToken: 'bench-admin',
    clientMetadataFetcher: async (url) => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ client_id: url.toString(), client_name: 'Flood', redirect_uris: [REDIRECT] }),
    }),
  },
  () => undefined,
);
const db = running.socialpub.services.db;
const count = () => (db.prepare('SELECT COUNT(*) AS n FROM oauth_clients').get() as { n: number }).n;
const statuses = new Map<number, number>();
const until = performance.now() + seconds * 1000;
let sent = 0;
async function worker(id: number): Promise<void> {
  while (performance.now() < until) {
    const n = sent++;
    let response: Response;
    if (n % 2 === 0) {
      response = await fetch(`${running.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT], client_name: `Flood ${n}` }),
      });
    } else {
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: `https://flood.example/clients/${id}-${n}.json`,
        redirect_uri: REDIRECT,
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
        resource: `${running.url}/mcp`,
      });
      response = await fetch(`${running.url}/oauth/authorize?${params}`, { redirect: 'manual' });
    }
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: 8 }, (_, i) => worker(i)));
const took = (performance.now() - started) / 1000;
const stored = count();
const pageBytes =
  (db.pragma('page_count', { simple: true }) as number) *
  (db.pragma('page_size', { simple: true }) as number);
console.log(
  `${sent} requests in ${took.toFixed(1)} s from one address (half registrations, half fresh metadata documents): ` +
    `${stored} clients stored, all within one hour of the virtual clock; ` +
    `database ${(pageBytes / 1e6).toFixed(1)} MB; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
);
await running.close();
