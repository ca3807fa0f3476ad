import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from '../lib/child-server.mjs';
import { jsonCall as call } from '../lib/json-call.mjs';
import { printLine } from '../lib/report.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
/** Every pipeline starts its clock at the same instant, so one pipeline's day is every other's day too. */
const CLOCK_START = '2030-01-01T09:00:00.000Z';

/**
 * One CI pipeline: its own test clock and account, `posts` posts scheduled
 * over the next hours, a day passed on its clock, then what it sees checked: every one of its
 * scheduled posts published, its history holding exactly its own posts, its clock where it moved
 * it; finally the clock and account deleted. Returns the problems it saw (none expected).
 */
async function pipeline(url, index, posts) {
  const problems = [];
  const admin = (method, path, body) => call(url, method, `/admin/v1${path}`, body);
  const clock = await admin('POST', '/clocks', { now: CLOCK_START, name: `pipeline-${index}` });
  const account = await admin('POST', '/accounts', { clock_id: clock.clock_id });
  const { api_key: key } = await admin('POST', `/accounts/${account.account_id}/keys`, { name: 'ci' });
  const profile = await admin('POST', `/accounts/${account.account_id}/profiles`, { name: `P${index}` });
  await admin('PUT', `/profiles/${profile.profile_id}/networks/linkedin`, { simulate: { latency_ms: 0 } });
  const scheduled = [];
  for (let i = 0; i < posts; i++) {
    const at = new Date(Date.parse(CLOCK_START) + (120 + i * 600) * 1000).toISOString();
    const post = {
      accountId: profile.profile_id,
      platform: 'linkedin',
      content: { text: `p${index} #${i}` },
    };
    const answer = await call(url, 'POST', '/api/v2/posts', { post: { ...post, scheduledFor: at } }, key);
    scheduled.push(answer.scheduled_post_id);
  }
  const moved = await admin('POST', `/clocks/${clock.clock_id}`, { advance_seconds: 86_400 });
  if (moved.now !== '2030-01-02T09:00:00.000Z') problems.push(`clock at ${moved.now}`);
  for (const id of scheduled) {
    const read = await call(url, 'GET', `/api/v2/posts/${id}`, undefined, key);
    if (read.status !== 'published') problems.push(`scheduled post ${id} is ${read.status}`);
  }
  const history = await call(url, 'GET', '/api/v2/posts?limit=100', undefined, key);
  const sentFor = new Set(history.data.map((p) => p.scheduled_post_id).filter(Boolean));
  if (history.data.length !== posts || scheduled.some((id) => !sentFor.has(id))) {
    problems.push(`history holds ${history.data.length} posts, expected exactly its own ${posts}`);
  }
  const deleted = await admin('DELETE', `/clocks/${clock.clock_id}`);
  if (deleted.deleted_accounts.join() !== account.account_id) problems.push('deletion took other accounts');
  return problems;
}

/**
 * `count` pipelines at once against one server (its own process, WAL file, system clock),
 * each on its own test clock; reported beside one pipeline alone on the same server.
 */
export async function benchPipelines({ count, posts }) {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-pipelines-'));
  const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dir] });
  try {
    const url = ref.info.url;
    // Warm-up, then one pipeline alone as the baseline.
    await pipeline(url, -1, posts);
    let at = performance.now();
    const alone = await pipeline(url, 0, posts);
    const aloneMs = performance.now() - at;
    at = performance.now();
    const results = await Promise.all(Array.from({ length: count }, (_, i) => pipeline(url, i + 1, posts)));
    const allMs = performance.now() - at;
    const wrong = results.map((problems, i) => ({ i: i + 1, problems })).filter((r) => r.problems.length > 0);
    printLine(
      'one pipeline alone',
      `${(aloneMs / 1000).toFixed(2)} s (${posts} scheduled posts, a day advanced)`,
    );
    printLine(
      `${count} pipelines at once`,
      `${(allMs / 1000).toFixed(2)} s in all (${(allMs / aloneMs).toFixed(1)}x one alone, ${(
        (aloneMs * count) / allMs
      ).toFixed(1)}x the work of running them one after another)`,
    );
    printLine(
      'isolation',
      wrong.length === 0 && alone.length === 0
        ? `every pipeline saw exactly its own outcomes (${count * posts} posts)`
        : `${wrong.length} pipelines saw something else: ${JSON.stringify(wrong.slice(0, 3))}`,
    );
    recordAim({
      section: 'pipelines',
      aim: `${count} pipelines on their own test clocks each see exactly their own outcomes`,
      measured: `${count - wrong.length}/${count} exact; ${(allMs / 1000).toFixed(1)} s vs ${(aloneMs / 1000).toFixed(1)} s alone`,
      met: wrong.length === 0 && alone.length === 0,
    });
  } finally {
    await ref.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
