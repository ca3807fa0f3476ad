// Publishing (0 ms network) on two (or more) builds of the server beside bare Hono's POST parsing
// JSON, interleaved round by round (the order rotates), so their figures share the machine's load.
// Not part of `npm run bench`: for before/after work on a publish (docs/performance.md). Copy the
// build before the change aside first, e.g. `cp -r packages/server/dist packages/server/dist-base`
// (inside the repository, so that its dependencies resolve), then:
//   node bench/compare/publish.mjs <accounts> <perRound> <rounds> before=packages/server/dist-base after=packages/server/dist
// Each build gets its own data folder and <accounts> accounts connected to x, linkedin and threads
// (0 ms); each publish goes to an (account, network) pair used once (the 20-second wait never
// refuses), as the bench's posts section does. Printed: server CPU µs per request (/proc) per round,
// each build's ratio to the same round's Hono POST, each build's ratio to the first build, and the
// load average. PUBLISH_PROFILE_DIR=<dir>: each build's server is profiled (node:inspector, 100 µs)
// over its counted rounds only, written to <dir>/<label>.cpuprofile
// (read it with `node bench/lib/profile.mjs <file>`). A build written `<label>=<distDir>:none`
// runs with no network inbox (`keepDeliveries: false`): `keep=<dist> none=<dist>:none` measures the
// inbox's cost to a publish on one build, interleaved like two builds.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { measureHttp } from '../lib/http-measure.mjs';
import { formatSpread, interleave, pairedRatios, spread } from '../lib/rounds.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';

const [accountsArg, perRoundArg, roundsArg, ...builds] = process.argv.slice(2);
const ACCOUNTS = Number(accountsArg);
const PER_ROUND = Number(perRoundArg);
const ROUNDS = Number(roundsArg);
const NETWORKS = ['x', 'linkedin', 'threads'];
if (!(ACCOUNTS > 0 && PER_ROUND > 0 && ROUNDS >= 3) || builds.length === 0) {
  console.error('usage: publish.mjs <accounts> <perRound> <rounds (>= 3)> <label>=<distDir> ...');
  process.exit(2);
}
if (PER_ROUND * (ROUNDS + 1) > ACCOUNTS * NETWORKS.length) {
  console.error(`${ACCOUNTS} accounts give ${ACCOUNTS * NETWORKS.length} pairs: too few for the rounds`);
  process.exit(2);
}
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const profileDir = process.env.PUBLISH_PROFILE_DIR;
const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');

const dirs = [];
const children = [];
try {
  const hello = await startChildServer(here('../servers/bare-hello.mjs'));
  children.push(hello);
  const servers = [];
  for (const spec of builds) {
    const [label, target] = spec.split('=');
    const [dist, inbox] = target.split(':');
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-publish-'));
    dirs.push(dataDir);
    const server = await startChildServer(here('../servers/reference-from-dist.mjs'), {
      args: [resolve(dist), dataDir, ...(inbox === 'none' ? ['none'] : [])],
    });
    children.push(server);
    servers.push({ label, server, accounts: [], next: 0 });
  }
  // Seeded side by side, so that no server sits idle through another's seeding before the rounds.
  await Promise.all(
    servers.map(async (s) => {
      s.accounts = await seedAccounts(s.server.info.url, 'bench-admin-token', ACCOUNTS, {
        networks: NETWORKS,
        simulate: { latency_ms: 0 },
        concurrency: 16,
      });
    }),
  );
  console.log(`seeded ${ACCOUNTS} accounts on each of ${servers.length} builds; load ${load()}`);
  const headers = { 'content-type': 'application/json' };
  const postBody = JSON.stringify({
    validate: { accountId: 'pro_x', platform: 'x', content: { text: 'bench dry run 0' } },
  });
  const publish = (s) => () =>
    measureHttp(s.server, {
      url: `${s.server.info.url}/api/v2/posts`,
      method: 'POST',
      headers,
      amount: PER_ROUND,
      setupRequest: (req) => {
        const k = s.next++;
        const a = s.accounts[k % s.accounts.length];
        const platform = NETWORKS[Math.floor(k / s.accounts.length)];
        return {
          ...req,
          headers: { ...req.headers, authorization: `Bearer ${a.apiKey}` },
          body: JSON.stringify({
            post: { accountId: a.profileId, platform, content: { text: `bench publish ${k}` } },
          }),
        };
      },
    });
  const subjects = [
    {
      name: 'Hono POST',
      run: () =>
        measureHttp(hello, {
          url: `${hello.info.url}/`,
          method: 'POST',
          headers,
          body: postBody,
          duration: 1,
        }),
    },
    ...servers.map((s) => ({ name: s.label, run: publish(s) })),
  ];
  let profiling = false;
  const results = await interleave({
    subjects: subjects.map((subject) => ({
      ...subject,
      run: async (round) => {
        if (profileDir && !round.warmup && !profiling) {
          profiling = true;
          for (const s of servers) await s.server.ask({ type: 'profile', action: 'start' });
        }
        return subject.run(round);
      },
    })),
    rounds: ROUNDS,
    onRound: (r, figures) =>
      console.log(
        `round ${r + 1}: ${Object.entries(figures)
          .map(([name, f]) => `${name} ${f.cpuUs.toFixed(0)} µs`)
          .join(', ')}; load ${load()}`,
      ),
  });
  if (profileDir) {
    for (const s of servers) {
      await s.server.ask({
        type: 'profile',
        action: 'stop',
        file: join(profileDir, `${s.label}.cpuprofile`),
      });
    }
  }
  const hono = results['Hono POST'];
  console.log(`Hono POST: ${formatSpread(spread(hono.map((f) => f.cpuUs)), 1)} µs/request`);
  for (const s of servers) {
    const mine = results[s.label];
    const toHono = pairedRatios(mine, hono, (f) => f.cpuUs);
    const toFirst = pairedRatios(mine, results[servers[0].label], (f) => f.cpuUs);
    console.log(
      `${s.label}: ${formatSpread(spread(mine.map((f) => f.cpuUs)), 0)} µs/publish = ` +
        `${formatSpread(toHono, 2)}x Hono POST; ${formatSpread(toFirst, 2)} of ${servers[0].label} ` +
        `(${s.next} published, every answer 2xx)`,
    );
  }
  console.log(`load at the end ${load()}`);
} finally {
  for (const child of children) await child.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
