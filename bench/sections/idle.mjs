import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { printLine } from '../lib/report.mjs';
import { formatSpread, spread } from '../lib/rounds.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN_TOKEN = 'bench-admin-token';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idle CPU against the number of keys: a server with one account (the demo) and one with
 * `accounts` accounts and keys (BENCH_ACCOUNTS, 4,000), both quiet after a settling wait, measured
 * side by side over the same windows (CPU ms per second, from the scheduler's per-thread account
 * in /proc, to the nanosecond). The aim: flat in keys.
 */
export async function benchIdle({ accounts: count, windows = 3, windowMs = 10_000 }) {
  const dirs = [];
  const children = [];
  try {
    const start = async () => {
      const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
      dirs.push(dir);
      const server = await startChildServer(here('../servers/reference.mjs'), { args: [dir] });
      children.push(server);
      return server;
    };
    const one = await start();
    const many = await start();
    await seedAccounts(many.info.url, ADMIN_TOKEN, count, { concurrency: 16 });
    // Past the idle memory release's tries (5 s, then 6 s apart) before anything is counted.
    await sleep(20_000);
    const perSecond = { one: [], many: [] };
    for (let w = 0; w < windows; w++) {
      const before = { one: one.preciseCpuMs(), many: many.preciseCpuMs() };
      const at = performance.now();
      await sleep(windowMs);
      const seconds = (performance.now() - at) / 1000;
      perSecond.one.push((one.preciseCpuMs() - before.one) / seconds);
      perSecond.many.push((many.preciseCpuMs() - before.many) / seconds);
    }
    const oneSpread = spread(perSecond.one);
    const manySpread = spread(perSecond.many);
    printLine('idle CPU, 1 account', `${formatSpread(oneSpread, 2)} ms/s`);
    printLine(`idle CPU, ${count} accounts with keys`, `${formatSpread(manySpread, 2)} ms/s`);
    // Flat: the many-key server's CPU a second within a tenth of the one-account server's, or
    // within 0.1 ms/s (a ten-thousandth of a core): one server's own windows differ by more.
    const gap = manySpread.median - oneSpread.median;
    const flat = gap <= Math.max(0.1 * oneSpread.median, 0.1);
    recordAim({
      section: 'idle',
      aim: `idle CPU with ${count} keys flat in the number of keys`,
      measured: `${formatSpread(manySpread, 2)} ms/s (${gap.toFixed(2)} ms/s more)`,
      baseline: `1 account ${formatSpread(oneSpread, 2)} ms/s`,
      met: flat,
    });
  } finally {
    for (const child of children) await child.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
