// The scale section's comparison for one or more builds, interleaved round by round: each build
// runs a server over 1,000 accounts and one over COMPARE_SCALE_LARGE (20,000), reads and dry runs
// rotating over all of each server's accounts, after one read and one dry run of every account
// (warm caches), as `node bench/run.mjs scale` does. Not part of `npm run bench`: for finding and
// checking what makes a request over many accounts cost more (docs/performance.md). Usage:
//   node bench/compare/scale-builds.mjs <rounds> base=bench/.tmp/dist-base new=packages/server/dist
// The accounts are seeded once, by the first build, into COMPARE_SCALE_SEED (default
// bench/.tmp/scale-seed) and every server starts on a copy, so a run after the first takes seconds
// to set up instead of minutes; a build given as `label=dist:seeded` seeds its own servers through
// their admin API instead, as the scale section does (the seeding's leftovers in the process kept).
// Printed: CPU µs per request of each subject, the paired ratios of the larger server to the
// smaller and of each build to the first, and each subject's garbage collections inside the server.
// COMPARE_DURATION: seconds per load (default 3). COMPARE_WORK: `reads`, `dry` or both (default).
// COMPARE_NODE_ARGS: extra node flags for every server (e.g. `--max-semi-space-size=...`).
// COMPARE_PROFILE_DIR: instead of rounds, one profiled load of each kind per server (V8's sampler
// at 100 µs), written as <label>-<accounts>-<kind>.cpuprofile (bench/lib/profile.mjs --by module).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { gcDuring, gcLine } from '../lib/gc-during.mjs';
import { measureHttp } from '../lib/http-measure.mjs';
import { readBudget } from '../lib/read-budget.mjs';
import { printHttpRounds } from '../lib/report.mjs';
import { formatSpread, interleave, pairedRatios, spread } from '../lib/rounds.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { renderDashboardPage } from '../sections/reads.mjs';

const [roundsArg, ...buildArgs] = process.argv.slice(2);
const ROUNDS = Number(roundsArg);
const builds = buildArgs.map((arg) => {
  const [label, where] = arg.split('=');
  const [dist, how] = where?.split(':') ?? [];
  return { label, dist: dist && resolve(dist), seedsItself: how === 'seeded' };
});
if (!(ROUNDS >= 3) || builds.length === 0 || builds.some((b) => !b.dist)) {
  console.error('usage: scale-builds.mjs <rounds >= 3> <label>=<distDir> ...');
  process.exit(2);
}
const SMALL = 1000;
const LARGE = Number(process.env.COMPARE_SCALE_LARGE ?? 20_000);
const DURATION = Number(process.env.COMPARE_DURATION ?? 3);
const WORK = (process.env.COMPARE_WORK ?? 'reads,dry').split(',');
const NODE_ARGS = (process.env.COMPARE_NODE_ARGS ?? '').split(' ').filter(Boolean);
const PROFILE_DIR = process.env.COMPARE_PROFILE_DIR;
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const SEED = resolve(process.env.COMPARE_SCALE_SEED ?? here('../.tmp/scale-seed'));
const ADMIN_TOKEN = 'bench-admin-token';
const load = () => loadavg()[0].toFixed(1);
const times = (s) => `${s.median.toFixed(2)}x (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;

const startFrom = (build, dir) =>
  startChildServer(here('../servers/reference-from-dist.mjs'), {
    args: [build.dist, dir],
    nodeArgs: NODE_ARGS,
  });

/** The seeded data folder and accounts of `count`, made once by the first build. */
async function seeded(count) {
  const dir = join(SEED, String(count));
  const list = join(SEED, `${count}.json`);
  if (existsSync(list)) return { dir, accounts: JSON.parse(readFileSync(list, 'utf8')) };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = await startFrom(builds[0], dir);
  try {
    const started = performance.now();
    const accounts = await seedAccounts(server.info.url, ADMIN_TOKEN, count, {
      networks: ['x'],
      concurrency: 64,
    });
    console.log(`seeded ${count} accounts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    writeFileSync(list, JSON.stringify(accounts));
    return { dir, accounts };
  } finally {
    await server.stop();
  }
}

const dryRequest = (accounts, i) => (req) => {
  const a = accounts[i() % accounts.length];
  return {
    ...req,
    headers: { ...req.headers, authorization: `Bearer ${a.apiKey}` },
    body: JSON.stringify({
      validate: { accountId: a.profileId, platform: 'x', content: { text: `bench dry run ${i()}` } },
    }),
  };
};

const dirs = [];
const children = [];
try {
  const copies = builds.some((build) => !build.seedsItself);
  const sizes = copies ? [await seeded(SMALL), await seeded(LARGE)] : [];
  const servers = [];
  for (const build of builds) {
    for (const [i, count] of [SMALL, LARGE].entries()) {
      const dir = mkdtempSync(join(tmpdir(), 'socialpub-scale-'));
      dirs.push(dir);
      if (!build.seedsItself) cpSync(sizes[i].dir, dir, { recursive: true });
      const server = await startFrom(build, dir);
      children.push(server);
      const accounts = build.seedsItself
        ? await seedAccounts(server.info.url, ADMIN_TOKEN, count, { networks: ['x'], concurrency: 64 })
        : sizes[i].accounts;
      await renderDashboardPage(server.info.url);
      servers.push({ build, count, server, accounts, budget: readBudget(accounts), dry: 0, lastRps: 5000 });
    }
  }
  for (const s of servers) {
    const warming = performance.now();
    await s.budget.reserve(s.count);
    await measureHttp(s.server, {
      url: `${s.server.info.url}/api/v2/accounts`,
      amount: s.count,
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${s.budget.nextKey()}` },
      }),
    });
    let w = 0;
    await measureHttp(s.server, {
      url: `${s.server.info.url}/api/v2/posts`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      amount: s.count,
      setupRequest: dryRequest(s.accounts, () => w++),
    });
    console.log(
      `${s.build.label} ${s.count}: warmed in ${((performance.now() - warming) / 1000).toFixed(1)} s`,
    );
  }
  console.log(`${servers.length} servers, load average ${load()}`);

  const subjects = [];
  for (const s of servers) {
    const url = s.server.info.url;
    if (WORK.includes('reads'))
      subjects.push({
        name: `${s.build.label} reads ${s.count}`,
        s,
        kind: 'reads',
        run: async () => {
          await s.budget.reserve(Math.min(Math.ceil(s.lastRps * 1.3 * (DURATION + 1)), s.count * 54));
          return gcDuring(s.server, async () => {
            const figures = await measureHttp(s.server, {
              url: `${url}/api/v2/accounts`,
              amount: Math.min(Math.ceil(s.lastRps * DURATION), s.count * 54),
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, authorization: `Bearer ${s.budget.nextKey()}` },
              }),
            });
            s.lastRps = Math.max(figures.rps, 1000);
            return figures;
          });
        },
      });
    if (WORK.includes('dry'))
      subjects.push({
        name: `${s.build.label} dry ${s.count}`,
        s,
        kind: 'dry',
        run: () =>
          gcDuring(s.server, () =>
            measureHttp(s.server, {
              url: `${url}/api/v2/posts`,
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              duration: DURATION,
              setupRequest: dryRequest(s.accounts, () => s.dry++),
            }),
          ),
      });
  }

  if (PROFILE_DIR !== undefined) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    for (const subject of subjects) await subject.run();
    for (const subject of subjects) {
      const { server, build, count } = subject.s;
      await server.ask({ type: 'profile', action: 'start' });
      const figures = await subject.run();
      const file = join(PROFILE_DIR, `${build.label}-${count}-${subject.kind}.cpuprofile`);
      await server.ask({ type: 'profile', action: 'stop', file });
      console.log(`${subject.name}: ${figures.total} requests, ${figures.cpuUs.toFixed(1)} µs, ${file}`);
    }
  } else {
    const loads = [];
    const results = await interleave({ subjects, rounds: ROUNDS, onRound: () => loads.push(load()) });
    printHttpRounds(results, ROUNDS);
    console.log(`load average after each round: ${loads.join(', ')}`);
    for (const subject of subjects) {
      const r = results[subject.name];
      console.log(
        `${subject.name}: CPU ${formatSpread(spread(r.map((x) => x.cpuUs)), 1)} µs; ${gcLine(r, formatSpread, spread)}`,
      );
    }
    const cpu = (x) => x.cpuUs;
    const first = builds[0].label;
    for (const build of builds)
      for (const kind of WORK) {
        const name = (label, count) => `${label} ${kind} ${count}`;
        const line = [
          `${build.label} ${kind}: ${LARGE} against ${SMALL} ${times(pairedRatios(results[name(build.label, LARGE)], results[name(build.label, SMALL)], cpu))}`,
        ];
        if (build.label !== first)
          for (const count of [SMALL, LARGE])
            line.push(
              `${count} against ${first} ${times(pairedRatios(results[name(build.label, count)], results[name(first, count)], cpu))}`,
            );
        console.log(line.join('; '));
      }
  }
} finally {
  for (const child of children.reverse()) await child.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
