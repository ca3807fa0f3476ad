import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareHelloBaseline } from '../lib/baseline.mjs';
import { startChildServer } from '../lib/child-server.mjs';
import { load } from '../lib/load.mjs';
import { printComparison, printLine } from '../lib/report.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN_TOKEN = 'bench-admin-token';
const NETWORKS = ['x', 'linkedin'];

const withKey = (req, apiKey, body) => ({
  ...req,
  headers: { ...req.headers, authorization: `Bearer ${apiKey}` },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** One request through fetch, to check what the load is about to repeat really takes the 2xx path. */
async function probe(url, apiKey, body) {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * Issue 4's aims: a dry run (`{validate}`) at >= 20% of the bare hello-world's requests per second;
 * publishing to a zero-latency simulated network without refusals; reads of GET /api/v2/posts pages.
 * The 20-second wait is one post per network per account, so the publish load sends each
 * (account, network) pair exactly once: `accounts * 2` requests, never a 429 by construction.
 */
export async function benchPosts({ duration, accounts: accountCount }) {
  const baseline = await bareHelloBaseline(duration);
  printComparison('bare Hono hello-world (baseline)', baseline, baseline, 'baseline');

  const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dataDir] });
  try {
    const accounts = await seedAccounts(ref.info.url, ADMIN_TOKEN, accountCount, {
      networks: NETWORKS,
      simulate: { latency_ms: 0 },
      concurrency: 4,
    });
    const postsUrl = `${ref.info.url}/api/v2/posts`;
    const headers = { 'content-type': 'application/json' };
    const [first] = accounts;

    // Dry run: every check, nothing sent or counted, so any account may repeat it.
    const dryBody = (a, i) => ({
      validate: { accountId: a.profileId, platform: 'x', content: { text: `bench dry run ${i}` } },
    });
    const checked = await probe(postsUrl, first.apiKey, dryBody(first, 0));
    if (checked.status !== 200 || checked.body.would_publish !== true) {
      throw new Error(`dry run probe: ${checked.status} ${JSON.stringify(checked.body)}`);
    }
    let d = 0;
    const dry = await load({
      url: postsUrl,
      method: 'POST',
      headers,
      duration,
      setupRequest: (req) => {
        const a = accounts[d % accounts.length];
        return withKey(req, a.apiKey, dryBody(a, d++));
      },
    });
    const dryRatio = printComparison(
      'POST /api/v2/posts {validate} (dry run, x)',
      dry,
      baseline,
      '>= 20% rps',
    ).ratio;
    recordAim('posts', 'dry run rps >= 20% of bare', `${(dryRatio * 100).toFixed(0)}%`, dryRatio >= 0.2);

    // Publish: pair k is account k % n on network NETWORKS[floor(k / n)], each pair once.
    let p = 0;
    const pairs = accounts.length * NETWORKS.length;
    const publish = await load({
      url: postsUrl,
      method: 'POST',
      headers,
      amount: pairs,
      allowAllErrors: true,
      setupRequest: (req) => {
        const k = p++ % pairs;
        const a = accounts[k % accounts.length];
        const platform = NETWORKS[Math.floor(k / accounts.length)];
        return withKey(req, a.apiKey, {
          post: { accountId: a.profileId, platform, content: { text: `bench publish ${k}` } },
        });
      },
    });
    const publishRatio = printComparison(
      `POST /api/v2/posts publish (${NETWORKS.join('+')}, 0 ms)`,
      publish,
      baseline,
      'every answer 2xx',
    ).ratio;
    printLine(
      '',
      `${publish.ok} 2xx, ${publish.non2xx} non-2xx, ${publish.errors} socket errors of ${pairs} ` +
        `(${accounts.length} accounts x ${NETWORKS.length} networks; codes ${JSON.stringify(publish.statusCodes)})`,
    );
    recordAim(
      'posts',
      'publish: every answer 2xx',
      `${publish.ok}/${pairs} 2xx (${publish.rps} req/s, ${(publishRatio * 100).toFixed(0)}% of bare)`,
      publish.ok === pairs,
    );

    // Reads: 60 per UTC minute per account, so keys rotate over every seeded account.
    const page = await probe(`${postsUrl}?limit=20`, first.apiKey);
    if (page.status !== 200) throw new Error(`GET /posts probe: ${page.status} ${JSON.stringify(page.body)}`);
    let r = 0;
    const reads = await load({
      url: `${postsUrl}?limit=20`,
      duration,
      setupRequest: (req) => withKey(req, accounts[r++ % accounts.length].apiKey),
    });
    const readRatio = printComparison(
      'GET /api/v2/posts?limit=20 (authenticated)',
      reads,
      baseline,
      'none given',
    ).ratio;
    printLine(
      '',
      `a page holds ${page.body.data?.length ?? '?'} posts; ${reads.non2xx} answers were not 2xx`,
    );
    if (reads.non2xx > 0)
      printLine('', 'read limit reached: raise BENCH_POST_ACCOUNTS or lower BENCH_DURATION');
    recordAim(
      'posts',
      'GET /posts pages (figure only)',
      `${reads.rps} req/s, ${(readRatio * 100).toFixed(0)}% of bare`,
      null,
    );
    return { dryRatio, publish, reads };
  } finally {
    await ref.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
