// Two (or more) builds of the server draining the same due minute, interleaved round by round, so
// their figures share the machine's load. Not part of `npm run bench`: for before/after work on the
// scheduler (docs/performance.md). Copy the build before the change aside first, e.g.
// `cp -r packages/server/dist packages/server/dist-base` (inside the repository, so that its
// dependencies resolve), then:
//   node bench/compare/scheduler-drain.mjs <posts> <accounts> <rounds> before=packages/server/dist-base after=packages/server/dist
// Each round and build: a fresh data folder; accounts seeded through the admin API; one scheduled
// post per account created over HTTP (due tomorrow), whose kept request is the template for
// <posts> posts written straight into the file, due 4 s ahead (the section `scheduler` creates them
// all over HTTP, which needs the 60-second lead). Printed per run: server CPU (/proc) per send from
// 1.5 s before due (the look-ahead `prepare` included) until every post is settled, the settled
// outcomes' delay after due (p50, p99, from `updated_at`), the load average, and each batch of
// 1,000's ms from the previous batch's last send to its own (the first from due), and the CPU of the
// server's main thread apart from its other threads' (V8's compilers and collectors, libuv's pool).
// DRAIN_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) is passed to the servers.
// Each round ends with the section's same-run baseline, bare better-sqlite3 draining as many posts
// (bench/servers/bare-drain.mjs); each build's per-round ratio to it is printed too.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { startChildServer } from '../lib/child-server.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { percentile } from '../lib/stats.mjs';

const [postsArg, accountsArg, roundsArg, ...builds] = process.argv.slice(2);
const POSTS = Number(postsArg);
const ACCOUNTS = Number(accountsArg);
const ROUNDS = Number(roundsArg);
if (!(POSTS > 0 && ACCOUNTS > 0 && ROUNDS > 0) || builds.length === 0) {
  console.error('usage: scheduler-drain.mjs <posts> <accounts> <rounds> <label>=<distDir> ...');
  process.exit(2);
}
const bareScript = fileURLToPath(new URL('../servers/bare-drain.mjs', import.meta.url));
const serverScript = fileURLToPath(new URL('../servers/reference-from-dist.mjs', import.meta.url));
const nodeArgs = (process.env.DRAIN_NODE_ARGS ?? '').split(' ').filter(Boolean);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function createTemplates(url, accounts) {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  await Promise.all(
    accounts.map(async (account, i) => {
      const res = await fetch(`${url}/api/v2/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.apiKey}` },
        body: JSON.stringify({
          post: {
            accountId: account.profileId,
            platform: 'x',
            content: { text: `template ${i}` },
            scheduledFor: tomorrow,
          },
        }),
      });
      if (!res.ok) throw new Error(`creating a template post: ${res.status} ${await res.text()}`);
    }),
  );
}

/** The templates' copies, due at `due`, in one transaction of the test's own connection. */
function writeDuePosts(db, due) {
  const templates = db.prepare('SELECT * FROM scheduled_posts ORDER BY seq').all();
  const insert = db.prepare(
    `INSERT INTO scheduled_posts (id, account_id, profile_id, platforms, outcome, at, scheduled_for, created_at,
     updated_at, note, error_message, media_type, request, not_sent, sending_started_at, gone_out, seq)
     VALUES (?, ?, ?, ?, 'waiting', ?, ?, ?, ?, NULL, NULL, ?, ?, '{}', NULL, 0, ?)`,
  );
  let seq = db.prepare('SELECT MAX(seq) AS n FROM scheduled_posts').get().n;
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < POSTS; i++) {
      const t = templates[i % templates.length];
      const request = { ...JSON.parse(t.request), text: `bench scheduled due ${i}` };
      insert.run(
        randomUUID(),
        t.account_id,
        t.profile_id,
        t.platforms,
        due,
        due,
        now,
        now,
        t.media_type,
        JSON.stringify(request),
        ++seq,
      );
    }
  })();
}

async function drainOnce(label, distDir) {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-drain-'));
  const server = await startChildServer(serverScript, { args: [resolve(distDir), dir], nodeArgs });
  try {
    const accounts = await seedAccounts(server.info.url, 'bench-admin-token', ACCOUNTS, {
      networks: ['x'],
      simulate: { latency_ms: 0 },
      concurrency: 8,
    });
    await createTemplates(server.info.url, accounts);
    const db = new Database(join(dir, 'socialpub.db'), { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    try {
      const due = new Date(Math.ceil((Date.now() + 4000) / 1000) * 1000).toISOString();
      writeDuePosts(db, due);
      const dueMs = Date.parse(due);
      await sleep(dueMs - Date.now() - 1500);
      const cpuBefore = server.cpuMs();
      const mainBefore = server.mainThreadCpuMs();
      const open = db.prepare(
        "SELECT COUNT(*) AS n FROM scheduled_posts WHERE outcome IN ('waiting', 'sending') AND scheduled_for = ?",
      );
      await sleep(Math.max(0, dueMs - Date.now()));
      while (open.get(due).n > 0 && Date.now() < dueMs + 120_000) await sleep(100);
      const cpuMs = server.cpuMs() - cpuBefore;
      const mainMs = server.mainThreadCpuMs() - mainBefore;
      const delays = db
        .prepare(
          "SELECT updated_at FROM scheduled_posts WHERE scheduled_for = ? AND outcome NOT IN ('waiting', 'sending')",
        )
        .all(due)
        .map((row) => Date.parse(row.updated_at) - dueMs)
        .sort((a, b) => a - b);
      // Each commit's share of the drain: the settled posts in due order, a batch of 1,000 (the
      // scheduler's commit) at a time, ms from the previous batch's last send (or from due) to its own.
      const settled = db
        .prepare(
          "SELECT updated_at FROM scheduled_posts WHERE scheduled_for = ? AND outcome NOT IN ('waiting', 'sending') ORDER BY seq",
        )
        .all(due)
        .map((row) => Date.parse(row.updated_at) - dueMs);
      const batches = [];
      for (let end = 999, last = 0; end < settled.length; end += 1000) {
        const at = Math.max(...settled.slice(end - 999, end + 1));
        batches.push(at - last);
        last = at;
      }
      const sent = db
        .prepare(
          "SELECT COUNT(*) AS n FROM post_records p JOIN scheduled_posts s ON p.scheduled_post_id = s.id WHERE s.scheduled_for = ? AND p.status = 'success'",
        )
        .get(due).n;
      return {
        label,
        usPerSend: (cpuMs / POSTS) * 1000,
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        sent,
        batches,
        mainUsPerSend: (mainMs / POSTS) * 1000,
      };
    } finally {
      db.close();
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same-run baseline: bare better-sqlite3 draining as many posts on a WAL file of its own. */
function bareDrain() {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bare-drain-'));
  try {
    const out = execFileSync(process.execPath, [bareScript, dir, String(POSTS), String(ACCOUNTS)], {
      encoding: 'utf8',
    });
    return JSON.parse(out).cpuUsPerSend;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const runs = [];
const bare = [];
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which build goes first, so neither always meets the machine in the same state.
  for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
    const [label, distDir] = build.split('=');
    const run = { round, ...(await drainOnce(label, distDir)), load: loadavg()[0] };
    runs.push(run);
    console.log(
      `round ${round} ${label}: ${run.usPerSend.toFixed(0)} µs CPU a send, p50 ${run.p50} ms, p99 ${run.p99} ms after due, ${run.sent}/${POSTS} sent; load ${run.load.toFixed(1)}`,
    );
    console.log(
      `  main thread ${run.mainUsPerSend.toFixed(0)} µs a send, other threads ${(run.usPerSend - run.mainUsPerSend).toFixed(0)}; ms a batch of 1,000, in due order: ${run.batches.join(', ')}`,
    );
  }
  bare.push(bareDrain());
  console.log(
    `round ${round} bare drain: ${bare[round].toFixed(0)} µs CPU a send; load ${loadavg()[0].toFixed(1)}`,
  );
}
console.log(
  `bare drain: ${median(bare).toFixed(0)} µs a send (${Math.min(...bare).toFixed(0)}–${Math.max(...bare).toFixed(0)})`,
);
const [first] = builds[0].split('=');
for (const build of builds) {
  const [label] = build.split('=');
  const mine = runs.filter((run) => run.label === label);
  const ratios = mine.map(
    (run) => run.usPerSend / runs.find((r) => r.round === run.round && r.label === first).usPerSend,
  );
  const toBare = mine.map((run) => run.usPerSend / bare[run.round]);
  console.log(
    `${label}: ${median(mine.map((r) => r.usPerSend)).toFixed(0)} µs a send (${Math.min(...mine.map((r) => r.usPerSend)).toFixed(0)}–${Math.max(...mine.map((r) => r.usPerSend)).toFixed(0)}), p99 ${median(mine.map((r) => r.p99))} ms; per round against ${first}: ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); against the bare drain: ${median(toBare).toFixed(2)}x (${Math.min(...toBare).toFixed(2)}–${Math.max(...toBare).toFixed(2)})`,
  );
}
