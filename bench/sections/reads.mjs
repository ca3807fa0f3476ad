import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareHelloBaseline } from '../lib/baseline.mjs';
import { startChildServer } from '../lib/child-server.mjs';
import { load } from '../lib/load.mjs';
import { printComparison, printLine } from '../lib/report.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { measureStartup } from '../lib/startup.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Issue 3's aims: authenticated GET /api/v2/accounts (key check, read limit, query) at >= 50% of
 * a bare Hono hello-world's requests per second, p99 under twice the hello-world's; server start
 * to first answer under 300 ms on an existing data directory.
 */
export async function benchReads({ duration, accounts: accountCount }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  const baseline = await bareHelloBaseline(duration);
  printComparison('bare Hono hello-world (baseline)', baseline, baseline, 'baseline');

  const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dataDir] });
  const accounts = await seedAccounts(ref.info.url, 'bench-admin-token', accountCount, { concurrency: 4 });
  let next = 0;
  const reads = await load({
    url: `${ref.info.url}/api/v2/accounts`,
    duration,
    setupRequest: (req) => {
      const key = accounts[next++ % accounts.length].apiKey;
      return { ...req, headers: { ...req.headers, authorization: `Bearer ${key}` } };
    },
  });
  await ref.stop();
  const { ratio, p99Ratio } = printComparison(
    'GET /api/v2/accounts (authenticated)',
    reads,
    baseline,
    '>= 50% rps, p99 < 2x',
  );
  if (reads.non2xx > 0)
    printLine('', `${reads.non2xx} answers were not 2xx (read limit reached: seed more accounts)`);

  const bin = here('../../packages/server/dist/bin.js');
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await measureStartup(bin, dataDir, 18700 + i));
  runs.sort((a, b) => a - b);
  printLine('server start to first answer (median of 5)', `${runs[2].toFixed(0)} ms  (aim: < 300 ms)`);
  rmSync(dataDir, { recursive: true, force: true });
  // The load's rps and latencies count every answer: a refused (429) read is cheaper than a real one,
  // so the aims hold only when every read took the 2xx path.
  const allRead = reads.non2xx === 0;
  const refused = allRead ? '' : ` (${reads.non2xx} not 2xx)`;
  recordAim(
    'reads',
    'GET /accounts rps >= 50% of bare',
    `${(ratio * 100).toFixed(0)}%${refused}`,
    allRead && ratio >= 0.5,
  );
  recordAim(
    'reads',
    'GET /accounts p99 < 2x bare',
    `${p99Ratio.toFixed(2)}x${refused}`,
    allRead && p99Ratio < 2,
  );
  recordAim('reads', 'server start < 300 ms', `${runs[2].toFixed(0)} ms`, runs[2] < 300);
  return { readsRatio: ratio, readsP99Ratio: p99Ratio, startupMs: runs[2] };
}
