import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { jsonCall as call } from '../lib/json-call.mjs';
import { printLine } from '../lib/report.mjs';
import { recordAim } from '../lib/summary.mjs';

/**
 * A server that runs for weeks: CI-like pipelines back to back for `seconds` (each creates a test
 * clock and an account on it, publishes a post, schedules one, advances its clock past it, reads
 * its network inbox and deletes its clock), then quiet for `idleSeconds`. Aims: the live heap
 * after the quiet spell within 20% of the live heap after the first minute (a full collection
 * before each reading: the server runs with --expose-gc), and RSS that stops growing (the last
 * quarter of the load's peak within 10% of the second quarter's). Everything a pipeline made is
 * deleted with its clock, so nothing should stay.
 */
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const CLOCK_START = '2030-01-01T09:00:00.000Z';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One pipeline, as a CI job runs it against a shared server; throws on any refusal. */
async function pipeline(url, index) {
  const admin = (method, path, body) => call(url, method, `/admin/v1${path}`, body);
  const clock = await admin('POST', '/clocks', { now: CLOCK_START, name: `soak-${index}` });
  const account = await admin('POST', '/accounts', { clock_id: clock.clock_id });
  const { api_key: key } = await admin('POST', `/accounts/${account.account_id}/keys`, { name: 'ci' });
  const profile = await admin('POST', `/accounts/${account.account_id}/profiles`, { name: `S${index}` });
  await admin('PUT', `/profiles/${profile.profile_id}/networks/linkedin`, { simulate: { latency_ms: 0 } });
  const post = { accountId: profile.profile_id, platform: 'linkedin' };
  await call(
    url,
    'POST',
    '/api/v2/posts',
    { post: { ...post, content: { text: `soak ${index} now` } } },
    key,
  );
  const at = new Date(Date.parse(CLOCK_START) + 1800 * 1000).toISOString();
  await call(
    url,
    'POST',
    '/api/v2/posts',
    { post: { ...post, content: { text: `soak ${index} later` }, scheduledFor: at } },
    key,
  );
  await admin('POST', `/clocks/${clock.clock_id}`, { advance_seconds: 3600 });
  const inbox = await admin('GET', `/accounts/${account.account_id}/deliveries?limit=10`);
  if (inbox.data.length !== 2) throw new Error(`pipeline ${index}: inbox holds ${inbox.data.length}, not 2`);
  await admin('DELETE', `/clocks/${clock.clock_id}`);
}

export async function benchSoak({ seconds, idleSeconds, concurrency }) {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-soak-'));
  const ref = await startChildServer(here('../servers/reference.mjs'), {
    args: [dir],
    nodeArgs: ['--expose-gc', ...(process.env.BENCH_SOAK_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
  });
  try {
    const url = ref.info.url;
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const samples = [];
    let done = 0;
    let next = 0;
    let firstMinuteHeap = null;
    // Every 10 s, or more often in a shortened run, so each quarter of it holds samples.
    const everyMs = Math.min(10_000, (seconds * 1000) / 12);
    const sampler = (async () => {
      while (elapsed() < seconds) {
        await sleep(Math.min(everyMs, Math.max(0, (seconds - elapsed()) * 1000)));
        samples.push({ at: elapsed(), rss: rssOf(ref.pid), done });
      }
    })();
    const firstMinute = (async () => {
      await sleep(Math.min(60, seconds) * 1000);
      firstMinuteHeap = (await ref.stats({ collect: true }))?.heapUsedBytes ?? null;
    })();
    const workers = Array.from({ length: concurrency }, async () => {
      while (elapsed() < seconds) {
        await pipeline(url, next++);
        done++;
      }
    });
    await Promise.all([...workers, sampler, firstMinute]);
    const loadSeconds = elapsed();
    await sleep(idleSeconds * 1000);
    const idle = await ref.stats({ collect: true });
    const idleRss = rssOf(ref.pid);

    printLine(
      'pipelines',
      `${done} in ${loadSeconds.toFixed(0)} s (${(done / loadSeconds).toFixed(1)}/s), 0 errors`,
    );
    printLine(
      'RSS over time',
      samples.map((s) => `${s.at.toFixed(0)} s ${mb(s.rss)} (${s.done})`).join(', '),
    );
    const quarter = (from, to) =>
      Math.max(0, ...samples.filter((s) => s.at > seconds * from && s.at <= seconds * to).map((s) => s.rss));
    const secondQuarter = quarter(0.25, 0.5);
    const lastQuarter = quarter(0.75, 1.01);
    printLine('RSS after idle', `${mb(idleRss)} (${idleSeconds} s quiet)`);
    const idleHeap = idle?.heapUsedBytes ?? null;
    printLine(
      'live heap',
      `${firstMinuteHeap === null ? '?' : mb(firstMinuteHeap)} after the first minute, ${
        idleHeap === null ? '?' : mb(idleHeap)
      } after idle`,
    );
    const heapRatio = firstMinuteHeap && idleHeap ? idleHeap / firstMinuteHeap : Number.NaN;
    recordAim({
      section: 'soak',
      aim: 'live heap after idle within 20% of after the first minute',
      measured: `${idleHeap === null ? '?' : mb(idleHeap)} (${(heapRatio * 100).toFixed(0)}%)`,
      baseline: firstMinuteHeap === null ? '?' : mb(firstMinuteHeap),
      met: heapRatio <= 1.2,
    });
    const growth = secondQuarter > 0 ? lastQuarter / secondQuarter : Number.NaN;
    recordAim({
      section: 'soak',
      aim: 'RSS stops growing: last quarter of the load within 10% of the second',
      measured: `${mb(lastQuarter)} (${(growth * 100).toFixed(0)}%)`,
      baseline: mb(secondQuarter),
      met: growth <= 1.1,
    });
  } finally {
    await ref.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
