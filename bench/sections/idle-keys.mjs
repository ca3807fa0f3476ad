// Idle CPU against the number of API keys: two reference servers on their own data directories, one
// with the demo account's key only and one with `keys` accounts holding a key each, both left alone;
// each round reads both servers' CPU over the same quiet seconds, so the load of the machine falls
// on both alike. The due-work timer looks at every source about once a second whether or not
// anything waits, so what it costs per look is what an idle server spends.
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
const ADMIN = 'bench-admin-token';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function benchIdleKeys({ rounds, keys, seconds }) {
  const dirs = [mkdtempSync(join(tmpdir(), 'sp-idle-1-')), mkdtempSync(join(tmpdir(), 'sp-idle-n-'))];
  const servers = [];
  try {
    for (const dir of dirs)
      servers.push(await startChildServer(here('../servers/reference.mjs'), { args: [dir] }));
    const many = servers[1];
    const seedStart = performance.now();
    await seedAccounts(many.info.url, ADMIN, keys, { concurrency: 16 });
    printLine(
      'seeded',
      `${keys} accounts with a key each in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    // The idle memory release runs within about 20 s of the last request; wait it out.
    await sleep(20_000);
    const perRound = { one: [], many: [] };
    for (let round = 0; round < rounds; round++) {
      const before = servers.map((s) => s.cpuMs());
      const started = performance.now();
      await sleep(seconds * 1000);
      const elapsed = (performance.now() - started) / 1000;
      const after = servers.map((s) => s.cpuMs());
      perRound.one.push((after[0] - before[0]) / elapsed);
      perRound.many.push((after[1] - before[1]) / elapsed);
      printLine(
        `round ${round + 1}`,
        `1 key ${perRound.one.at(-1).toFixed(2)} ms/s, ${keys} keys ${perRound.many.at(-1).toFixed(2)} ms/s`,
      );
    }
    const oneKey = spread(perRound.one);
    const manyKeys = spread(perRound.many);
    // /proc counts CPU in 10 ms ticks, so a quiet server's figure moves by 1 ms/s over 10 s: the
    // aim is read as the difference, not a ratio of two figures near zero.
    const extra = spread(perRound.many.map((m, i) => m - perRound.one[i]));
    recordAim({
      section: 'idle-keys',
      aim: `idle CPU with ${keys} keys flat (at most 0.5 ms/s above one key)`,
      measured: `${formatSpread(manyKeys, 2, ' ms/s')}, ${formatSpread(extra, 2, ' ms/s')} above one key`,
      baseline: `one key ${formatSpread(oneKey, 2, ' ms/s')}`,
      met: extra.median <= 0.5,
    });
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
