import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { gcDuring, gcLine } from '../lib/gc-during.mjs';
import { measureHttp } from '../lib/http-measure.mjs';
import { readBudget } from '../lib/read-budget.mjs';
import { printHttpRounds, printLine } from '../lib/report.mjs';
import { formatSpread, interleave, pairedRatios, spread } from '../lib/rounds.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { recordAim } from '../lib/summary.mjs';
import { renderDashboardPage } from './reads.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN_TOKEN = 'bench-admin-token';
const SMALL = 1000;

/**
 * Cost per request against the number of accounts: two servers, one with 1,000 accounts and one
 * with `accounts` (BENCH_SCALE_ACCOUNTS, 20,000 by default), each read and dry run rotating over
 * all of its accounts, interleaved in the same rounds, after every account was read and dry-run once
 * (caches warm: the steady state is compared). The aim: server CPU per request within 10%.
 */
export async function benchScale({ duration, rounds, accounts: large }) {
  // BENCH_SCALE_DIST: a server build folder to run instead of the workspace's (a build copied aside
  // before a change, inside the repository); BENCH_SCALE_NODE_ARGS: node flags for both servers.
  const dist = process.env.BENCH_SCALE_DIST;
  const nodeArgs = (process.env.BENCH_SCALE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const dirs = [];
  const children = [];
  try {
    const servers = [];
    for (const count of [SMALL, large]) {
      const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
      dirs.push(dir);
      const server = await (dist === undefined
        ? startChildServer(here('../servers/reference.mjs'), { args: [dir], nodeArgs })
        : startChildServer(here('../servers/reference-from-dist.mjs'), {
            args: [resolve(dist), dir],
            nodeArgs,
          }));
      children.push(server);
      const seeding = performance.now();
      const accounts = await seedAccounts(server.info.url, ADMIN_TOKEN, count, {
        networks: ['x'],
        // Seeding waits on the machine more than on the server: more in flight seeds faster.
        concurrency: 64,
      });
      printLine(`seeded ${count} accounts`, `${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      await renderDashboardPage(server.info.url);
      servers.push({ count, server, accounts, budget: readBudget(accounts) });
    }
    const subjects = [];
    for (const { count, server, accounts, budget } of servers) {
      let lastRps = 10_000;
      subjects.push({
        name: `GET /accounts over ${count} accounts`,
        run: async () => {
          await budget.reserve(Math.min(Math.ceil(lastRps * 1.3 * (duration + 1)), count * 54));
          return gcDuring(server, async () => {
            const figures = await measureHttp(server, {
              url: `${server.info.url}/api/v2/accounts`,
              amount: Math.min(Math.ceil(lastRps * duration), count * 54),
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, authorization: `Bearer ${budget.nextKey()}` },
              }),
            });
            lastRps = Math.max(figures.rps, 1000);
            return figures;
          });
        },
      });
      let d = 0;
      subjects.push({
        name: `dry run over ${count} accounts`,
        run: () =>
          gcDuring(server, () =>
            measureHttp(server, {
              url: `${server.info.url}/api/v2/posts`,
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              duration,
              setupRequest: (req) => {
                const a = accounts[d++ % accounts.length];
                return {
                  ...req,
                  headers: { ...req.headers, authorization: `Bearer ${a.apiKey}` },
                  body: JSON.stringify({
                    validate: {
                      accountId: a.profileId,
                      platform: 'x',
                      content: { text: `bench dry run ${d}` },
                    },
                  }),
                };
              },
            }),
          ),
      });
    }
    // Every account's caches warm before the rounds (one read and one dry run each, not counted):
    // at 80 dry runs a second a round never reaches an account twice, so without this the larger
    // server's rounds measured cold lookups while the smaller one's revisited warm ones.
    for (const { count, server, accounts, budget } of servers) {
      const warming = performance.now();
      await budget.reserve(count);
      await measureHttp(server, {
        url: `${server.info.url}/api/v2/accounts`,
        amount: count,
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, authorization: `Bearer ${budget.nextKey()}` },
        }),
      });
      let w = 0;
      await measureHttp(server, {
        url: `${server.info.url}/api/v2/posts`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        amount: count,
        setupRequest: (req) => {
          const a = accounts[w++ % accounts.length];
          return {
            ...req,
            headers: { ...req.headers, authorization: `Bearer ${a.apiKey}` },
            body: JSON.stringify({
              validate: { accountId: a.profileId, platform: 'x', content: { text: `bench warm-up ${w}` } },
            }),
          };
        },
      });
      printLine(
        `warmed ${count} accounts`,
        `one read and one dry run each in ${((performance.now() - warming) / 1000).toFixed(1)} s`,
      );
    }
    const results = await interleave({ subjects, rounds });
    printHttpRounds(results, rounds);
    for (const [name, figures] of Object.entries(results))
      printLine(name, gcLine(figures, formatSpread, spread));
    for (const kind of ['GET /accounts', 'dry run']) {
      const small = results[`${kind} over ${SMALL} accounts`];
      const big = results[`${kind} over ${large} accounts`];
      const ratio = pairedRatios(big, small, (f) => f.cpuUs);
      recordAim({
        section: 'scale',
        aim: `${kind} CPU/req over ${large} accounts within 10% of over ${SMALL}`,
        measured: `${formatSpread(spread(big.map((f) => f.cpuUs)), 1)} µs = ${ratio.median.toFixed(2)}x (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})`,
        baseline: `${formatSpread(spread(small.map((f) => f.cpuUs)), 1)} µs over ${SMALL}`,
        met: ratio.median <= 1.1,
      });
    }
    return results;
  } finally {
    for (const child of children) await child.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
