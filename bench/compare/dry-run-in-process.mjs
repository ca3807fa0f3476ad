// Two (or more) builds' apps in one process, given the same dry runs through `app.fetch` (the
// posts lane, the checks and the answer; no socket, no HTTP parsing, no load generator beside
// them), in alternating rounds whose order flips each round, CPU from `process.cpuUsage`. Shows
// what the app's own code costs a dry run when a shared host's load makes the socket comparisons
// (reads-builds.mjs) too coarse. Not part of `npm run bench`; the builds share one heap, so what
// one build leaves for the collector is paid by both. Copy the build before a change aside first
// (e.g. `cp -a packages/server/dist bench/.tmp/dist-base`), then:
//   node bench/compare/dry-run-in-process.mjs <accounts> <rounds> <requests a round> base=bench/.tmp/dist-base new=packages/server/dist
// Each build gets its own data folder and <accounts> accounts connected to x, linkedin and threads;
// every account makes two dry runs before the rounds (its first visit runs SQL). Printed: µs of CPU
// a dry run per build per round, medians (min–max), and each build's per-round ratio to the first.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pairedRatios, spread } from '../lib/rounds.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';

const [accountsArg, roundsArg, perRoundArg, ...buildArgs] = process.argv.slice(2);
const ACCOUNTS = Number(accountsArg);
const ROUNDS = Number(roundsArg);
const PER_ROUND = Number(perRoundArg);
const builds = buildArgs.map((arg) => {
  const [label, dist] = arg.split('=');
  return { label, dist: resolve(dist) };
});
if (!(ACCOUNTS > 0 && ROUNDS >= 3 && PER_ROUND > 0) || builds.length === 0) {
  console.error(
    'usage: dry-run-in-process.mjs <accounts> <rounds >= 3> <requests a round> <label>=<distDir> ...',
  );
  process.exit(2);
}
const load = () => loadavg()[0].toFixed(1);
const dirs = [];
try {
  for (const build of builds) {
    const dir = mkdtempSync(join(tmpdir(), 'socialpub-dry-in-process-'));
    dirs.push(dir);
    const { startServer } = await import(pathToFileURL(join(build.dist, 'index.js')).href);
    build.running = await startServer(
      { dataDir: dir, port: 0, clock: 'system', adminToken: 'bench-admin-token', seedDemo: true },
      () => {},
    );
    build.accounts = await seedAccounts(build.running.url, 'bench-admin-token', ACCOUNTS, {
      networks: ['x', 'linkedin', 'threads'],
      concurrency: 16,
    });
    build.host = new URL(build.running.url).host;
    build.sent = 0;
  }
  const dryRun = async (build) => {
    const i = build.sent++;
    const a = build.accounts[i % build.accounts.length];
    const res = await build.running.socialpub.app.fetch(
      new Request(`${build.running.url}/api/v2/posts`, {
        method: 'POST',
        headers: {
          host: build.host,
          'content-type': 'application/json',
          authorization: `Bearer ${a.apiKey}`,
        },
        body: JSON.stringify({
          validate: { accountId: a.profileId, platform: 'x', content: { text: `bench dry run ${i}` } },
        }),
      }),
    );
    if (res.status !== 200) throw new Error(`dry run: ${res.status} ${await res.text()}`);
    await res.text();
  };
  for (const build of builds) for (let i = 0; i < ACCOUNTS * 2; i++) await dryRun(build);
  console.log(`${builds.length} builds, ${ACCOUNTS} accounts each warmed twice, load average ${load()}`);
  const rounds = Object.fromEntries(builds.map((b) => [b.label, []]));
  const loads = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const before = process.cpuUsage();
      for (let i = 0; i < PER_ROUND; i++) await dryRun(build);
      const used = process.cpuUsage(before);
      rounds[build.label].push({ cpuUs: (used.user + used.system) / PER_ROUND });
    }
    loads.push(load());
  }
  const fmt = (s) => `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;
  const first = builds[0].label;
  for (const build of builds) {
    const cpu = spread(rounds[build.label].map((r) => r.cpuUs));
    const ratio =
      build.label === first
        ? ''
        : `; ${(() => {
            const r = pairedRatios(rounds[build.label], rounds[first], (f) => f.cpuUs);
            return `${r.median.toFixed(3)}x (${r.min.toFixed(2)}–${r.max.toFixed(2)}) ${first}, per round`;
          })()}`;
    console.log(`${build.label}: ${fmt(cpu)} µs of CPU a dry run${ratio}`);
  }
  console.log(`load average after each round: ${loads.join(', ')}`);
} finally {
  for (const build of builds) await build.running?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
