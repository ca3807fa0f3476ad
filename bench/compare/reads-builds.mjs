// Two (or more) builds of the server side by side with bare Hono, interleaved round by round, so
// their figures share the machine's load: authenticated GET /api/v2/accounts against a bare Hono
// GET, and the dry run (POST /api/v2/posts {validate}) against a bare Hono POST parsing the same
// JSON. Not part of `npm run bench`: for before/after work on the request path
// (docs/performance.md). Copy the build before the change aside first, e.g.
// `cp -r packages/server/dist bench/.tmp/dist-base` (inside the repository, so that its
// dependencies resolve), then:
//   node bench/compare/reads-builds.mjs <accounts> <rounds> before=bench/.tmp/dist-base after=packages/server/dist
// Each build gets its own data folder, <accounts> accounts connected to x, linkedin and threads
// (zero latency) and a dashboard page rendered first. Keys rotate over the accounts within the
// read limit. Printed: req/s and server CPU µs per request (/proc) per subject, median (min–max),
// the paired ratios to bare Hono and to the first build, and the load average per round.
// COMPARE_DURATION: seconds per load (default 1). COMPARE_WORK: `reads`, `dry` or both (default).
// COMPARE_PROFILE_DIR: instead of rounds, one warm-up and then one profiled load of each kind per
// build (V8's sampler at 100 µs, started and stopped over IPC around the load), written there as
// <label>-<kind>.cpuprofile (summarise with bench/lib/profile.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { measureHttp } from '../lib/http-measure.mjs';
import { readBudget } from '../lib/read-budget.mjs';
import { printHttpRounds } from '../lib/report.mjs';
import { interleave, pairedRatios } from '../lib/rounds.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { renderDashboardPage } from '../sections/reads.mjs';

const [accountsArg, roundsArg, ...buildArgs] = process.argv.slice(2);
const ACCOUNTS = Number(accountsArg);
const ROUNDS = Number(roundsArg);
const builds = buildArgs.map((arg) => {
  const [label, dist] = arg.split('=');
  return { label, dist: resolve(dist) };
});
if (!(ACCOUNTS > 0 && ROUNDS >= 3) || builds.length === 0 || builds.some((b) => !b.dist)) {
  console.error('usage: reads-builds.mjs <accounts> <rounds >= 3> <label>=<distDir> ...');
  process.exit(2);
}
const DURATION = Number(process.env.COMPARE_DURATION ?? 1);
const WORK = (process.env.COMPARE_WORK ?? 'reads,dry').split(',');
const PROFILE_DIR = process.env.COMPARE_PROFILE_DIR;
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const NETWORKS = ['x', 'linkedin', 'threads'];
const load = () => loadavg()[0].toFixed(1);
const times = (s) => `${s.median.toFixed(2)}x (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
const dryBody = (a, i) =>
  JSON.stringify({
    validate: { accountId: a.profileId, platform: 'x', content: { text: `bench dry run ${i}` } },
  });
const withKey = (req, apiKey, body) => ({
  ...req,
  headers: { ...req.headers, authorization: `Bearer ${apiKey}` },
  ...(body === undefined ? {} : { body }),
});

const dirs = [];
const children = [];
try {
  const hello = await startChildServer(here('../servers/bare-hello.mjs'));
  children.push(hello);
  for (const build of builds) {
    const dir = mkdtempSync(join(tmpdir(), 'socialpub-compare-'));
    dirs.push(dir);
    build.server = await startChildServer(here('../servers/reference-from-dist.mjs'), {
      args: [build.dist, dir],
    });
    children.push(build.server);
    build.accounts = await seedAccounts(build.server.info.url, 'bench-admin-token', ACCOUNTS, {
      networks: NETWORKS,
      simulate: { latency_ms: 0 },
      concurrency: 16,
    });
    await renderDashboardPage(build.server.info.url);
    build.budget = readBudget(build.accounts);
    build.lastRps = 5_000;
    build.dry = 0;
  }
  console.log(`${builds.length} builds, ${ACCOUNTS} accounts each, load average ${load()}`);

  const helloPostBody = dryBody(builds[0].accounts[0], 0);
  const subjects = [];
  if (WORK.includes('reads')) {
    subjects.push({
      name: 'bare Hono GET',
      run: () => measureHttp(hello, { url: `${hello.info.url}/`, duration: DURATION }),
    });
    for (const build of builds) {
      subjects.push({
        name: `${build.label} GET /api/v2/accounts`,
        kind: 'reads',
        build,
        run: async () => {
          await build.budget.reserve(
            Math.min(Math.ceil(build.lastRps * 1.3 * (DURATION + 1)), ACCOUNTS * 54),
          );
          const figures = await measureHttp(build.server, {
            url: `${build.server.info.url}/api/v2/accounts`,
            duration: DURATION,
            setupRequest: (req) => withKey(req, build.budget.nextKey()),
          });
          build.lastRps = Math.max(figures.rps, 1000);
          return figures;
        },
      });
    }
  }
  if (WORK.includes('dry')) {
    subjects.push({
      name: 'bare Hono POST parsing JSON',
      run: () =>
        measureHttp(hello, {
          url: `${hello.info.url}/`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: helloPostBody,
          duration: DURATION,
        }),
    });
    for (const build of builds) {
      subjects.push({
        name: `${build.label} dry run`,
        kind: 'dry',
        build,
        run: () =>
          measureHttp(build.server, {
            url: `${build.server.info.url}/api/v2/posts`,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            duration: DURATION,
            setupRequest: (req) => {
              const a = build.accounts[build.dry % build.accounts.length];
              return withKey(req, a.apiKey, dryBody(a, build.dry++));
            },
          }),
      });
    }
  }

  if (PROFILE_DIR !== undefined) {
    for (const subject of subjects) await subject.run();
    for (const subject of subjects.filter((s) => s.build !== undefined)) {
      const { server, label } = subject.build;
      await server.ask({ type: 'profile', action: 'start' });
      const figures = await subject.run();
      const file = join(PROFILE_DIR, `${label}-${subject.kind}.cpuprofile`);
      await server.ask({ type: 'profile', action: 'stop', file });
      console.log(`${subject.name}: ${figures.total} requests profiled, ${file}`);
    }
  } else {
    const loads = [];
    const results = await interleave({
      subjects,
      rounds: ROUNDS,
      onRound: () => loads.push(load()),
    });
    printHttpRounds(results, ROUNDS);
    console.log(`load average after each round: ${loads.join(', ')}`);
    const cpu = (f) => f.cpuUs;
    const first = builds[0].label;
    for (const build of builds) {
      const lines = [];
      if (WORK.includes('reads')) {
        const reads = results[`${build.label} GET /api/v2/accounts`];
        lines.push(`reads ${times(pairedRatios(reads, results['bare Hono GET'], cpu))} bare Hono`);
        if (build.label !== first)
          lines.push(`${times(pairedRatios(reads, results[`${first} GET /api/v2/accounts`], cpu))} ${first}`);
      }
      if (WORK.includes('dry')) {
        const dry = results[`${build.label} dry run`];
        lines.push(
          `dry run ${times(pairedRatios(dry, results['bare Hono POST parsing JSON'], cpu))} Hono POST`,
        );
        if (build.label !== first)
          lines.push(`${times(pairedRatios(dry, results[`${first} dry run`], cpu))} ${first}`);
      }
      console.log(`${build.label}: CPU per request ${lines.join('; ')}`);
    }
  }
} finally {
  for (const child of children.reverse()) await child.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
