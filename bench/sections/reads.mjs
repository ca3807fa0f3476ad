import { hash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { measureHttp } from '../lib/http-measure.mjs';
import { startPrism } from '../lib/prism.mjs';
import { readBudget } from '../lib/read-budget.mjs';
import { printHttpRounds, printLine } from '../lib/report.mjs';
import { formatSpread, interleave, pairedRatios, spread } from '../lib/rounds.mjs';
import { mapLimit, seedAccounts } from '../lib/seed-accounts.mjs';
import { measureBareHonoStartup, measureStartup } from '../lib/startup.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN_TOKEN = 'bench-admin-token';
const pct = (s) =>
  `${(s.median * 100).toFixed(0)}% (${(s.min * 100).toFixed(0)}–${(s.max * 100).toFixed(0)}%)`;
const times = (s) => `${s.median.toFixed(2)}x (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;

/**
 * The read aims: authenticated GET /api/v2/accounts at >= 55% of a bare Hono hello-world's
 * req/s with server CPU per request <= 1.5x a bare node:http server doing the same key check and
 * answering from memory (the ceiling), and > 10x a Prism mock of our own document. Keys rotate over
 * enough accounts that no read reaches the 60-per-minute limit (any non-2xx fails the section).
 */
/** GET /dashboard/sign-in as a browser asks for it; throws unless it answers the page. */
export async function renderDashboardPage(baseUrl) {
  const page = await fetch(`${baseUrl}/dashboard/sign-in`, { headers: { accept: 'text/html' } });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('</html>')) {
    throw new Error(`dashboard page answered ${page.status}`);
  }
  printLine(
    'dashboard page rendered first',
    `GET /dashboard/sign-in ${page.status}, ${html.length} characters`,
  );
}

export async function benchReads({ duration, rounds, accounts: accountCount }) {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  const children = [];
  try {
    // BENCH_READS_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles socialpub's server.
    const nodeArgs = (process.env.BENCH_READS_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dir], nodeArgs });
    children.push(ref);
    const seeding = performance.now();
    const accounts = await seedAccounts(ref.info.url, ADMIN_TOKEN, accountCount, { concurrency: 16 });
    printLine('seeded accounts', `${accountCount} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    // A dashboard page first, as on a server someone also looks at: a page render must leave the
    // reads that follow as cheap as before it (no promise hooks turned on for the process).
    await renderDashboardPage(ref.info.url);

    // The ceiling answers each key with the very bytes socialpub answers it with.
    const answers = await mapLimit(accounts.length, 16, async (i) => {
      const res = await fetch(`${ref.info.url}/api/v2/accounts`, {
        headers: { authorization: `Bearer ${accounts[i].apiKey}` },
      });
      if (res.status !== 200) throw new Error(`probe read answered ${res.status}`);
      return [hash('sha256', accounts[i].apiKey, 'hex'), await res.text()];
    });
    writeFileSync(join(dir, 'keys.json'), JSON.stringify(answers));
    const ceiling = await startChildServer(here('../servers/node-ceiling.mjs'), {
      args: [join(dir, 'keys.json')],
    });
    children.push(ceiling);
    const hello = await startChildServer(here('../servers/bare-hello.mjs'));
    children.push(hello);
    let prism = null;
    try {
      prism = await startPrism(ref.info.url, dir);
      children.push(prism);
    } catch (error) {
      printLine('Prism mock', `could not start: ${error.message}`);
    }

    // Every server gets the same rotation of keys; only socialpub's reads count against its limit.
    const budget = readBudget(accounts);
    let next = 0;
    const rotatingKey = (req) => ({
      ...req,
      headers: { ...req.headers, authorization: `Bearer ${accounts[next++ % accounts.length].apiKey}` },
    });
    const countedKey = (req) => ({
      ...req,
      headers: { ...req.headers, authorization: `Bearer ${budget.nextKey()}` },
    });
    let lastRps = 30_000;
    let waitedMs = 0;
    const read = (server) => () =>
      measureHttp(server, { url: `${server.info.url}/api/v2/accounts`, duration, setupRequest: rotatingKey });
    const readOurs = async () => {
      waitedMs += await budget.reserve(Math.ceil(lastRps * 1.3 * (duration + 1)));
      const figures = await measureHttp(ref, {
        url: `${ref.info.url}/api/v2/accounts`,
        duration,
        setupRequest: countedKey,
      });
      lastRps = Math.max(figures.rps, 1000);
      return figures;
    };
    const subjects = [
      {
        name: 'bare Hono hello-world',
        run: () => measureHttp(hello, { url: `${hello.info.url}/`, duration }),
      },
      { name: 'node:http key check + memory (ceiling)', run: read(ceiling) },
      { name: 'socialpub GET /api/v2/accounts', run: readOurs },
      ...(prism ? [{ name: 'Prism mock GET /api/v2/accounts', run: read(prism) }] : []),
    ];
    const results = await interleave({ subjects, rounds });
    printHttpRounds(results, rounds);
    if (waitedMs > 0)
      printLine(
        '',
        `waited ${(waitedMs / 1000).toFixed(0)} s for new UTC minutes (read limit; BENCH_ACCOUNTS)`,
      );

    const ours = results['socialpub GET /api/v2/accounts'];
    const ofHello = pairedRatios(ours, results['bare Hono hello-world'], (f) => f.rps);
    const cpuToCeiling = pairedRatios(
      ours,
      results['node:http key check + memory (ceiling)'],
      (f) => f.cpuUs,
    );
    const cpuToHello = pairedRatios(ours, results['bare Hono hello-world'], (f) => f.cpuUs);
    const helloCpu = spread(results['bare Hono hello-world'].map((f) => f.cpuUs));
    const helloRps = spread(results['bare Hono hello-world'].map((f) => f.rps));
    const ceilingCpu = spread(results['node:http key check + memory (ceiling)'].map((f) => f.cpuUs));
    const oursRps = spread(ours.map((f) => f.rps));
    const oursCpu = spread(ours.map((f) => f.cpuUs));
    recordAim({
      section: 'reads',
      aim: 'GET /accounts req/s >= 55% of bare Hono',
      measured: `${formatSpread(oursRps)} req/s = ${pct(ofHello)}`,
      baseline: `Hono ${formatSpread(helloRps)} req/s`,
      met: ofHello.median >= 0.55,
    });
    recordAim({
      section: 'reads',
      aim: 'GET /accounts CPU/req <= 1.5x bare Hono (after a dashboard page)',
      measured: `${formatSpread(oursCpu, 1)} µs = ${times(cpuToHello)}`,
      baseline: `Hono ${formatSpread(helloCpu, 1)} µs`,
      met: cpuToHello.median <= 1.5,
    });
    recordAim({
      section: 'reads',
      aim: 'GET /accounts CPU/req <= 1.5x node:http ceiling',
      measured: `${formatSpread(oursCpu, 1)} µs = ${times(cpuToCeiling)}`,
      baseline: `ceiling ${formatSpread(ceilingCpu, 1)} µs`,
      met: cpuToCeiling.median <= 1.5,
    });
    if (prism) {
      const prismName = 'Prism mock GET /api/v2/accounts';
      const toPrism = pairedRatios(ours, results[prismName], (f) => f.rps);
      recordAim({
        section: 'reads',
        aim: 'GET /accounts req/s > 10x Prism mock',
        measured: times(toPrism),
        baseline: `Prism ${formatSpread(spread(results[prismName].map((f) => f.rps)))} req/s`,
        met: toPrism.median > 10,
      });
    } else {
      recordAim({
        section: 'reads',
        aim: 'GET /accounts req/s > 10x Prism mock',
        measured: 'Prism did not start',
        met: false,
      });
    }

    await ref.stop();
    // Start to the first answer, interleaved with bare Hono's start (a warm-up pair, then five).
    const bin = here('../../packages/server/dist/bin.js');
    let port = 18_700;
    const startRounds = await interleave({
      rounds: 5,
      subjects: [
        { name: 'socialpub', run: () => measureStartup(bin, dir, port++) },
        { name: 'hono', run: () => measureBareHonoStartup(port++) },
      ],
    });
    const start = spread(startRounds.socialpub);
    const startRatio = pairedRatios(startRounds.socialpub, startRounds.hono, (ms) => ms);
    printLine(
      'server start to first answer (5 starts)',
      `${formatSpread(start, 0, ' ms')}; bare Hono ${formatSpread(spread(startRounds.hono), 0, ' ms')}; ${times(startRatio)}`,
    );
    recordAim({
      section: 'reads',
      aim: 'server start to first answer <= 1.5x bare Hono',
      measured: `${formatSpread(start, 0, ' ms')} = ${times(startRatio)}`,
      baseline: `bare Hono ${formatSpread(spread(startRounds.hono), 0, ' ms')}`,
      met: startRatio.median <= 1.5,
    });
    recordAim({
      section: 'reads',
      aim: 'server start < 300 ms',
      measured: formatSpread(start, 0, ' ms'),
      met: start.median < 300,
    });
    return results;
  } finally {
    for (const child of children) await child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
