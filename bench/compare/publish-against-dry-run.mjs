// Where a publish's CPU goes beyond a dry run's, on one server, in the posts section's pattern: each
// round runs dry runs (`validate`, x) over every account for <dryS> seconds, then <perRound>
// publishes, each to an (account, network) pair used once (0 ms network), so the publishes meet the
// lookups the dry runs just made. Not part of `npm run bench` (docs/performance.md, publish round 9):
//   node bench/compare/publish-against-dry-run.mjs <distDir> <accounts> <perRound> <rounds> <dryS> [profileDir]
// Printed per round: server CPU µs per dry run and per publish (/proc), the requests, the load.
// With [profileDir], each counted round's dry runs and publishes are profiled apart (node:inspector,
// 100 µs) to <profileDir>/dry-<round>.cpuprofile and publish-<round>.cpuprofile; read them with
// `node bench/lib/profile-inclusive.mjs` (sample counts, by function) or profile-modules.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { measureHttp } from '../lib/http-measure.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';

const [dist, accountsArg, perRoundArg, roundsArg, dryArg, profileDir] = process.argv.slice(2);
const ACCOUNTS = Number(accountsArg);
const PER_ROUND = Number(perRoundArg);
const ROUNDS = Number(roundsArg);
const DRY_SECONDS = Number(dryArg);
const NETWORKS = ['x', 'linkedin', 'threads'];
if (!dist || !(ACCOUNTS > 0 && PER_ROUND > 0 && ROUNDS > 0 && DRY_SECONDS > 0)) {
  console.error(
    'usage: publish-against-dry-run.mjs <distDir> <accounts> <perRound> <rounds> <dryS> [profileDir]',
  );
  process.exit(2);
}
if (PER_ROUND * (ROUNDS + 1) > ACCOUNTS * NETWORKS.length) {
  console.error(`${ACCOUNTS} accounts give ${ACCOUNTS * NETWORKS.length} pairs: too few for the rounds`);
  process.exit(2);
}
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-against-dry-'));
const server = await startChildServer(here('../servers/reference-from-dist.mjs'), {
  args: [resolve(dist), dataDir],
});
try {
  const accounts = await seedAccounts(server.info.url, 'bench-admin-token', ACCOUNTS, {
    networks: NETWORKS,
    simulate: { latency_ms: 0 },
    concurrency: 16,
  });
  const url = `${server.info.url}/api/v2/posts`;
  const headers = { 'content-type': 'application/json' };
  const withKey = (req, account, body) => ({
    ...req,
    headers: { ...req.headers, authorization: `Bearer ${account.apiKey}` },
    body: JSON.stringify(body),
  });
  let published = 0;
  let dryRuns = 0;
  const publish = () =>
    measureHttp(server, {
      url,
      method: 'POST',
      headers,
      amount: PER_ROUND,
      setupRequest: (req) => {
        const k = published++;
        const a = accounts[k % ACCOUNTS];
        const platform = NETWORKS[Math.floor(k / ACCOUNTS)];
        return withKey(req, a, {
          post: { accountId: a.profileId, platform, content: { text: `bench publish ${k}` } },
        });
      },
    });
  const dryRun = () =>
    measureHttp(server, {
      url,
      method: 'POST',
      headers,
      duration: DRY_SECONDS,
      setupRequest: (req) => {
        const a = accounts[dryRuns % ACCOUNTS];
        return withKey(req, a, {
          validate: {
            accountId: a.profileId,
            platform: 'x',
            content: { text: `bench dry run ${dryRuns++}` },
          },
        });
      },
    });
  // Round 0 warms the server up and is not profiled.
  for (let round = 0; round <= ROUNDS; round++) {
    const figures = {};
    for (const [name, run] of [
      ['dry', dryRun],
      ['publish', publish],
    ]) {
      const profiled = profileDir !== undefined && round > 0;
      if (profiled) await server.ask({ type: 'profile', action: 'start' });
      const before = name === 'dry' ? dryRuns : published;
      figures[name] = { ...(await run()), requests: (name === 'dry' ? dryRuns : published) - before };
      if (profiled) {
        const file = join(profileDir, `${name}-${round}.cpuprofile`);
        await server.ask({ type: 'profile', action: 'stop', file });
      }
    }
    console.log(
      `round ${round}${round === 0 ? ' (warm-up)' : ''}: dry run ${figures.dry.cpuUs.toFixed(0)} µs ` +
        `(${figures.dry.requests} requests), publish ${figures.publish.cpuUs.toFixed(0)} µs ` +
        `(${figures.publish.requests}); load ${loadavg()[0].toFixed(1)}`,
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
