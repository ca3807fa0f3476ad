// Longest event-loop stall while a test clock with many accounts advances, then is deleted.
//   npx tsx bench/security/test-clock-stalls.mts [accounts=10000]
// In one process: the server on 127.0.0.1:0, a 5 ms interval timer measuring how late it fires
// (the stall), and /health asked every 20 ms over real HTTP (answered count and slowest answer).
import { createAccount } from '../../packages/server/src/domain/accounts.js';
import { startServer } from '../../packages/server/src/start-server.js';

const accounts = Number(process.argv[2] ?? 10_000);
const running = await startServer(
  { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', adminToken: 'bench-admin' },
  () => undefined,
);
const { services } = running.socialpub;
const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${running.url}/admin/v1${path}`, {
    method,
    headers: { authorization: 'Bearer bench-admin', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const clock = (await (
  await admin('POST', '/clocks', { now: '2026-03-01T00:00:00Z', name: 'big' })
).json()) as {
  clock_id: string;
};
const t0 = performance.now();
for (let i = 0; i < accounts; i++) {
  await createAccount(services.repos, services.clocks, { clock_id: clock.clock_id, plan: 'skilled' });
}
console.log(`${accounts} accounts on one test clock in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

async function measure(label: string, work: () => Promise<Response>): Promise<void> {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 5);
    last = now;
  }, 5);
  let answered = 0;
  let slowest = 0;
  let stop = false;
  const health = (async () => {
    while (!stop) {
      const at = performance.now();
      const response = await fetch(`${running.url}/health`);
      await response.text();
      slowest = Math.max(slowest, performance.now() - at);
      answered++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const answer = await work();
  const took = performance.now() - started;
  stop = true;
  await health;
  clearInterval(timer);
  console.log(
    `${label}: HTTP ${answer.status} in ${(took / 1000).toFixed(2)} s; longest event-loop stall ${longest.toFixed(0)} ms; /health answered ${answered} times, slowest ${slowest.toFixed(0)} ms`,
  );
}

await measure('advance 31 days', () =>
  admin('POST', `/clocks/${clock.clock_id}`, { advance_seconds: 31 * 86400 }),
);
await measure('delete the clock', () => admin('DELETE', `/clocks/${clock.clock_id}`));
await running.close();
