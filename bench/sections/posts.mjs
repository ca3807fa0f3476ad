import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { measureHttp } from '../lib/http-measure.mjs';
import { readBudget } from '../lib/read-budget.mjs';
import { printHttpRounds, printLine } from '../lib/report.mjs';
import { formatSpread, interleave, pairedRatios, spread } from '../lib/rounds.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN_TOKEN = 'bench-admin-token';
/** Text-only posts go to any of these; each account is connected to all of them (zero latency). */
const NETWORKS = ['x', 'linkedin', 'threads'];
const pct = (s) =>
  `${(s.median * 100).toFixed(0)}% (${(s.min * 100).toFixed(0)}–${(s.max * 100).toFixed(0)}%)`;

const withKey = (req, apiKey, body) => ({
  ...req,
  headers: { ...req.headers, authorization: `Bearer ${apiKey}` },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/**
 * The posting aims, against bare Hono in the same rounds: a dry run (`{validate}`, every check,
 * nothing sent or counted) at >= 22% of its req/s; publishing to a zero-latency simulated network at
 * >= 15%, every answer 2xx. A network takes one post per account every 20 s, so each publish round
 * sends `perRound` posts, each to an (account, network) pair no earlier round used; accounts are
 * seeded for that. GET /api/v2/posts pages ride along as a figure without an aim. A second server
 * keeping no network inbox gets the same work in the same order: what keeping the inbox costs a
 * publish is the ratio of the two, and their dry runs (which never touch the inbox) show whether
 * their rounds were alike.
 */
export async function benchPosts({ duration, rounds, perRound, accounts: atLeast = 4000 }) {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  const dirs = [dir];
  const children = [];
  try {
    // BENCH_POSTS_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server keeping its inbox.
    const nodeArgs = (process.env.BENCH_POSTS_NODE_ARGS ?? '').split(' ').filter(Boolean);
    // The same server keeping no network inbox: what a kept delivery costs a publish, same rounds.
    const offDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
    dirs.push(offDir);
    const startKeeping = () => startChildServer(here('../servers/reference.mjs'), { args: [dir], nodeArgs });
    const startKeepingNone = () =>
      startChildServer(here('../servers/reference.mjs'), { args: [offDir, 'no-deliveries'] });
    // BENCH_POSTS_FIRST=none starts the server keeping none first: the server started first has
    // cost more a request in whole runs, so the order is a variable to be able to swap.
    const noneFirst = process.env.BENCH_POSTS_FIRST === 'none';
    const first = await (noneFirst ? startKeepingNone() : startKeeping());
    children.push(first);
    const second = await (noneFirst ? startKeeping() : startKeepingNone());
    children.push(second);
    const [ref, refOff] = noneFirst ? [second, first] : [first, second];
    printLine('started first', noneFirst ? 'the server keeping none' : 'the server keeping its inbox');
    const hello = await startChildServer(here('../servers/bare-hello.mjs'));
    children.push(hello);
    const pairsNeeded = perRound * (rounds + 1);
    // Every dry run and publish rotates over all of them (BENCH_ACCOUNTS, 4,000 by default).
    const accountCount = Math.max(atLeast, Math.ceil(pairsNeeded / NETWORKS.length));
    const seeding = performance.now();
    // Side by side, so that neither server sits idle through the other's seeding before the rounds.
    const seed = (server) =>
      seedAccounts(server.info.url, ADMIN_TOKEN, accountCount, {
        networks: NETWORKS,
        simulate: { latency_ms: 0 },
        concurrency: 16,
      });
    const [accounts, accountsOff] = await Promise.all([seed(ref), seed(refOff)]);
    printLine(
      'seeded accounts',
      `${accountCount} x ${NETWORKS.length} networks in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const postsUrl = `${ref.info.url}/api/v2/posts`;
    const headers = { 'content-type': 'application/json' };

    const dryBody = (a, i) => ({
      validate: { accountId: a.profileId, platform: 'x', content: { text: `bench dry run ${i}` } },
    });
    const probe = await fetch(postsUrl, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${accounts[0].apiKey}` },
      body: JSON.stringify(dryBody(accounts[0], 0)),
    });
    const probed = await probe.json();
    if (probe.status !== 200 || probed.would_publish !== true) {
      throw new Error(`dry run probe: ${probe.status} ${JSON.stringify(probed)}`);
    }

    // Both servers get the same work in the same order each round: dry runs over every account,
    // then the publishes, then the pages. A publish costs less on a server whose accounts were just
    // active (their keys, rows and counts are kept), so the inbox's cost is only measured between
    // servers that saw the same traffic before each publish round.
    const serverWork = (server, serverAccounts) => {
      const url = `${server.info.url}/api/v2/posts`;
      let d = 0;
      let p = 0;
      const budget = readBudget(serverAccounts);
      // Pages are reads (60 per UTC minute per account): a round asks for about `duration` seconds
      // of them, never more than the seeded accounts may read in one minute.
      let lastPagesRps = 10_000;
      return {
        published: () => p,
        dryRun: () =>
          measureHttp(server, {
            url,
            method: 'POST',
            headers,
            duration,
            setupRequest: (req) => {
              const a = serverAccounts[d % serverAccounts.length];
              return withKey(req, a.apiKey, dryBody(a, d++));
            },
          }),
        // Pair k is account k % n on network NETWORKS[floor(k / n)]: each pair once in the whole section.
        publish: () =>
          measureHttp(server, {
            url,
            method: 'POST',
            headers,
            amount: perRound,
            setupRequest: (req) => {
              const k = p++;
              const a = serverAccounts[k % serverAccounts.length];
              const platform = NETWORKS[Math.floor(k / serverAccounts.length)];
              return withKey(req, a.apiKey, {
                post: { accountId: a.profileId, platform, content: { text: `bench publish ${k}` } },
              });
            },
          }),
        pages: async () => {
          const amount = Math.min(
            Math.ceil(lastPagesRps * duration),
            Math.floor(serverAccounts.length * 60 * 0.8),
          );
          await budget.reserve(amount);
          const figures = await measureHttp(server, {
            url: `${url}?limit=20`,
            amount,
            setupRequest: (req) => withKey(req, budget.nextKey()),
          });
          lastPagesRps = Math.max(1000, figures.rps);
          return figures;
        },
      };
    };
    const keeping = serverWork(ref, accounts);
    const keepingNone = serverWork(refOff, accountsOff);
    const roundOf = (work) => async () => ({
      dry: await work.dryRun(),
      publish: await work.publish(),
      pages: await work.pages(),
    });
    const KEEPING = 'the server keeping its network inbox';
    const honoPostName = 'bare Hono POST parsing JSON';
    const KEEPING_NONE = 'the server keeping none';
    const subjects = [
      {
        name: 'bare Hono hello-world',
        run: () => measureHttp(hello, { url: `${hello.info.url}/`, duration }),
      },
      {
        name: honoPostName,
        run: () =>
          measureHttp(hello, {
            url: `${hello.info.url}/`,
            method: 'POST',
            headers,
            body: JSON.stringify(dryBody(accounts[0], 0)),
            duration,
          }),
      },
      { name: KEEPING, run: roundOf(keeping) },
      { name: KEEPING_NONE, run: roundOf(keepingNone) },
    ];
    // Each round's figures as it ends: a median hides which round was dear, and the publishes of
    // later rounds reach (account, network) pairs of other networks than the first rounds'.
    const cpu = (f) => f.cpuUs.toFixed(0);
    const rounded = await interleave({
      subjects,
      rounds,
      onRound: (round, f) => {
        const [on, off] = [f[KEEPING], f[KEEPING_NONE]];
        console.log(
          `round ${round + 1}: server CPU µs/req: Hono POST ${cpu(f[honoPostName])}; ` +
            `dry run ${cpu(on.dry)} and ${cpu(off.dry)}, publish ${cpu(on.publish)} and ${cpu(off.publish)} ` +
            `(keeping the inbox and keeping none); load average ${loadavg()[0].toFixed(1)}`,
        );
      },
    });
    const dryName = 'POST /posts {validate} (dry run, x)';
    const publishName = `POST /posts publish (${perRound} per round, 0 ms)`;
    const pagesName = 'GET /posts?limit=20';
    const offDryName = 'POST /posts {validate}, no network inbox';
    const offName = `POST /posts publish, no network inbox (${perRound} per round)`;
    const offPagesName = 'GET /posts?limit=20, no network inbox';
    const results = {
      'bare Hono hello-world': rounded['bare Hono hello-world'],
      [honoPostName]: rounded[honoPostName],
      [dryName]: rounded[KEEPING].map((r) => r.dry),
      [publishName]: rounded[KEEPING].map((r) => r.publish),
      [pagesName]: rounded[KEEPING].map((r) => r.pages),
      [offDryName]: rounded[KEEPING_NONE].map((r) => r.dry),
      [offName]: rounded[KEEPING_NONE].map((r) => r.publish),
      [offPagesName]: rounded[KEEPING_NONE].map((r) => r.pages),
    };
    printHttpRounds(results, rounds);
    const p = keeping.published();
    const q = keepingNone.published();
    printLine(
      '',
      `publish: ${p} posts sent, every answer 2xx (${accounts.length} accounts x ${NETWORKS.join(', ')})`,
    );
    // Dry runs never touch the inbox: equal figures on the two servers show their rounds were alike.
    const twins = pairedRatios(results[offDryName], results[dryName], (f) => f.cpuUs);
    printLine('dry run, server keeping none / keeping', `${formatSpread(twins, 2)} (alike servers: about 1)`);

    const helloRounds = results['bare Hono hello-world'];
    const helloRps = `Hono ${formatSpread(spread(helloRounds.map((f) => f.rps)))} req/s`;
    const honoPost = results[honoPostName];
    const honoPostCpu = `Hono POST ${formatSpread(spread(honoPost.map((f) => f.cpuUs)), 1)} µs`;
    const cpuTimes = (name) => {
      const r = pairedRatios(results[name], honoPost, (f) => f.cpuUs);
      return {
        r,
        text: `${formatSpread(spread(results[name].map((f) => f.cpuUs)), 0)} µs = ${r.median.toFixed(2)}x (${r.min.toFixed(2)}–${r.max.toFixed(2)})`,
      };
    };
    const dryCpu = cpuTimes(dryName);
    recordAim({
      section: 'posts',
      aim: `dry run CPU/req <= 3x Hono POST parsing JSON (${accounts.length} accounts)`,
      measured: dryCpu.text,
      baseline: honoPostCpu,
      met: dryCpu.r.median <= 3,
    });
    const publishCpu = cpuTimes(publishName);
    recordAim({
      section: 'posts',
      aim: 'publish (0 ms network) CPU/req <= 5x Hono POST parsing JSON',
      measured: publishCpu.text,
      baseline: honoPostCpu,
      met: publishCpu.r.median <= 5,
    });
    const dry = pairedRatios(results[dryName], helloRounds, (f) => f.rps);
    recordAim({
      section: 'posts',
      aim: 'dry-run POST /posts >= 22% of bare Hono',
      measured: `${formatSpread(spread(results[dryName].map((f) => f.rps)))} req/s, ${formatSpread(spread(results[dryName].map((f) => f.cpuUs)), 0)} µs/req = ${pct(dry)}`,
      baseline: helloRps,
      met: dry.median >= 0.22,
    });
    const published = pairedRatios(results[publishName], helloRounds, (f) => f.rps);
    recordAim({
      section: 'posts',
      aim: 'publish (0 ms network) >= 15% of bare Hono, all 2xx',
      measured: `${formatSpread(spread(results[publishName].map((f) => f.rps)))} req/s, ${formatSpread(spread(results[publishName].map((f) => f.cpuUs)), 0)} µs/req = ${pct(published)}; ${p}/${p} 2xx`,
      baseline: helloRps,
      met: published.median >= 0.15,
    });
    const cpuOf = (name) => formatSpread(spread(results[name].map((f) => f.cpuUs)), 0);
    const inboxCost = pairedRatios(results[publishName], results[offName], (f) => f.cpuUs);
    recordAim({
      section: 'posts',
      aim: 'publish server CPU with deliveries kept <= 110% of without',
      measured: `${cpuOf(publishName)} µs/req = ${pct(inboxCost)} of the same server keeping none; ${q}/${q} 2xx`,
      baseline: `${cpuOf(offName)} µs/req without`,
      met: inboxCost.median <= 1.1,
    });
    const pagesRatio = pairedRatios(results[pagesName], helloRounds, (f) => f.rps);
    recordAim({
      section: 'posts',
      aim: 'GET /posts?limit=20 (figure only)',
      measured: `${formatSpread(spread(results[pagesName].map((f) => f.rps)))} req/s = ${pct(pagesRatio)}`,
      baseline: helloRps,
      met: null,
    });
    return results;
  } finally {
    for (const child of children) await child.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
