import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { startChildServer } from '../lib/child-server.mjs';
import { measureHttp } from '../lib/http-measure.mjs';
import { printLine } from '../lib/report.mjs';
import { startSampler } from '../lib/sampler.mjs';
import { seedAccounts } from '../lib/seed-accounts.mjs';
import { percentile } from '../lib/stats.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ADMIN_TOKEN = 'bench-admin-token';
/**
 * A time 60 s ahead or less is published at once (scheduledFor rule 1), so every post must be
 * created more than 60 s before the due second. The lead is 70 s plus three times the creating time
 * estimated from a first chunk (due the next day, so it only waits); posts go in chunks, each only
 * if it should end more than 61 s before due at the last chunk's rate, and the section stops with a
 * clear message rather than let a late chunk be published at once.
 */
const CHUNK = 2_000;
const CALIBRATION = 500;
const MIN_AHEAD_MS = 61_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the request log says the refused answers were (the load generator sees no bodies). */
async function errorCodesLogged(url) {
  const res = await fetch(`${url}/admin/v1/requests?limit=1000`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const codes = {};
  for (const entry of (await res.json()).data ?? []) {
    if (entry.error)
      codes[`${entry.status} ${entry.error.code}`] = (codes[`${entry.status} ${entry.error.code}`] ?? 0) + 1;
  }
  return `last 1000 logged requests' errors: ${JSON.stringify(codes)}`;
}

/**
 * The scheduler's aims, on the server's real configuration: the reference server in its own
 * process on a WAL database file with the system clock, posts created over HTTP from this process.
 * 10,000 posts due at the same second across `accounts` accounts; while they wait, the server's RSS
 * (aim < 150 MB); after the due time, every post must be sent, and the time from due to its outcome
 * being recorded (the server's own `updated_at`, system clock, ms) has p99 <= 0.5 s.
 */
export async function benchScheduler({ posts: postCount, accounts: accountCount }) {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-'));
  // BENCH_SCHEDULER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server.
  const nodeArgs = (process.env.BENCH_SCHEDULER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const ref = await startChildServer(here('../servers/reference.mjs'), { args: [dir], nodeArgs });
  try {
    const accounts = await seedAccounts(ref.info.url, ADMIN_TOKEN, accountCount, {
      networks: ['x'],
      simulate: { latency_ms: 0 },
      concurrency: 8,
    });
    const idleRssMb = startSampler({ pid: ref.pid }).stop().startRssMb;
    const createPosts = (amount, at, counter) =>
      measureHttp(ref, {
        onFailure: () => errorCodesLogged(ref.info.url),
        url: `${ref.info.url}/api/v2/posts`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections: 50,
        amount,
        setupRequest: (req) => {
          const i = counter.next++;
          const a = accounts[i % accounts.length];
          return {
            ...req,
            headers: { ...req.headers, authorization: `Bearer ${a.apiKey}` },
            body: JSON.stringify({
              post: {
                accountId: a.profileId,
                platform: 'x',
                content: { text: `bench scheduled ${counter.label} ${i}` },
                scheduledFor: at.toISOString(),
              },
            }),
          };
        },
      });
    const calibration = await createPosts(CALIBRATION, new Date(Date.now() + 86_400_000), {
      next: 0,
      label: 'later',
    });
    let rate = Math.max(calibration.rps, 50);
    const leadMs = 70_000 + 3 * (postCount / rate) * 1000;
    const due = new Date(Math.ceil((Date.now() + leadMs) / 1000) * 1000);
    const counter = { next: 0, label: 'due' };
    let sent = 0;
    const chunks = [];
    while (sent < postCount) {
      const amount = Math.min(CHUNK, postCount - sent);
      const aheadAtEnd = due.getTime() - Date.now() - (1.5 * amount * 1000) / rate;
      if (aheadAtEnd < MIN_AHEAD_MS) {
        throw new Error(
          `creating the posts was too slow: ${sent} of ${postCount} created at ${rate.toFixed(0)} req/s, and the next ${amount} could end under 61 s before due (a post under 60 s ahead is published at once)`,
        );
      }
      chunks.push(await createPosts(amount, due, counter));
      rate = Math.max(chunks.at(-1).rps, 50);
      sent += chunks.at(-1).total;
    }
    const total = chunks.reduce((sum, c) => sum + c.total, 0);
    const created = {
      rps: total / chunks.reduce((sum, c) => sum + c.elapsedS, 0),
      cpuUs: chunks.reduce((sum, c) => sum + c.cpuUs * c.total, 0) / total,
    };
    printLine(
      `create ${postCount} scheduled posts (HTTP, 50 conn)`,
      `${created.rps.toFixed(0)} req/s, ${created.cpuUs.toFixed(0)} µs server CPU/req, all 2xx`,
    );
    const untilDue = due.getTime() - Date.now();
    if (untilDue < 2000)
      throw new Error(`creating the posts took too long: only ${untilDue} ms left before due`);

    // Waiting: RSS sampled every 100 ms until one second before due.
    const waiting = startSampler({ pid: ref.pid });
    await sleep(untilDue - 1000);
    const waitRss = waiting.stop();
    printLine(
      `RSS with ${postCount} waiting scheduled posts (+${CALIBRATION} due tomorrow)`,
      `peak ${waitRss.peakRssMb.toFixed(0)} MB (anon ${waitRss.peakAnonMb.toFixed(0)}, file-backed ${waitRss.peakFileMb.toFixed(0)}) over ${((untilDue - 1000) / 1000).toFixed(0)} s (idle after seeding ${idleRssMb.toFixed(0)} MB; aim < 150 MB)`,
    );

    const cpuAtDue = ref.cpuMs();
    const mainAtDue = ref.mainThreadCpuMs();
    const draining = startSampler({ pid: ref.pid });
    const db = new Database(join(dir, 'socialpub.db'), { readonly: true, fileMustExist: true });
    try {
      const waitingCount = db.prepare(
        "SELECT COUNT(*) AS n FROM scheduled_posts WHERE outcome IN ('waiting', 'sending') AND scheduled_for = ?",
      );
      const giveUpAt = due.getTime() + 120_000;
      await sleep(Math.max(0, due.getTime() - Date.now()));
      while (waitingCount.get(due.toISOString()).n > 0 && Date.now() < giveUpAt) await sleep(200);
      const drainRss = draining.stop();
      const cpuMs = ref.cpuMs() - cpuAtDue;
      const mainMs = ref.mainThreadCpuMs() - mainAtDue;
      const rows = db
        .prepare('SELECT outcome, updated_at FROM scheduled_posts WHERE scheduled_for = ?')
        .all(due.toISOString());
      if (rows.length !== postCount)
        throw new Error(`found ${rows.length} of the ${postCount} posts due at ${due.toISOString()}`);
      const outcomes = {};
      for (const row of rows) outcomes[row.outcome] = (outcomes[row.outcome] ?? 0) + 1;
      const sentRecords = db
        .prepare(
          "SELECT COUNT(*) AS n FROM post_records p JOIN scheduled_posts s ON p.scheduled_post_id = s.id WHERE s.scheduled_for = ? AND p.status = 'success'",
        )
        .get(due.toISOString()).n;
      const delays = rows
        .filter((row) => row.outcome !== 'waiting' && row.outcome !== 'sending')
        .map((row) => Date.parse(row.updated_at) - due.getTime())
        .sort((a, b) => a - b);
      const p50 = percentile(delays, 50);
      const p99 = percentile(delays, 99);
      const max = delays.at(-1);
      printLine('outcomes', `${JSON.stringify(outcomes)}; ${sentRecords} success records`);
      printLine(
        'due to outcome recorded (server clock)',
        `p50 ${(p50 / 1000).toFixed(2)} s  p99 ${(p99 / 1000).toFixed(2)} s  max ${(max / 1000).toFixed(2)} s (aim: p99 <= 0.5 s)`,
      );
      printLine(
        'drain',
        `${(max / 1000 > 0 ? postCount / (max / 1000) : 0).toFixed(0)} sends/s, server CPU ${((cpuMs / postCount) * 1000).toFixed(0)} µs per send (incl. first figures work; main thread ${((mainMs / postCount) * 1000).toFixed(0)}, V8's compiler and collector threads the rest), peak RSS ${drainRss.peakRssMb.toFixed(0)} MB`,
      );
      const allSent = sentRecords === postCount;
      // Same run: what bare better-sqlite3 spends draining as many posts on a WAL file of its own.
      const bare = JSON.parse(
        execFileSync(
          process.execPath,
          [here('../servers/bare-drain.mjs'), dir, String(postCount), String(accountCount)],
          {
            encoding: 'utf8',
          },
        ),
      );
      const cpuUsPerSend = (cpuMs / postCount) * 1000;
      printLine(
        'bare better-sqlite3 drain (baseline)',
        `${bare.sent} sends, ${bare.cpuUsPerSend.toFixed(0)} µs CPU per send, ${bare.wallMs.toFixed(0)} ms; socialpub ${(cpuUsPerSend / bare.cpuUsPerSend).toFixed(1)}x`,
      );
      recordAim({
        section: 'scheduler',
        aim: `${postCount} due together: server CPU <= 50 µs a send`,
        measured: `${cpuUsPerSend.toFixed(0)} µs = ${(cpuUsPerSend / bare.cpuUsPerSend).toFixed(1)}x bare`,
        baseline: `bare better-sqlite3 drain ${bare.cpuUsPerSend.toFixed(0)} µs/send`,
        met: cpuUsPerSend <= 50,
      });
      recordAim({
        section: 'scheduler',
        aim: `${postCount} due together (WAL file): all sent, p99 <= 0.5 s after due`,
        measured: `${sentRecords}/${postCount} sent; p50 ${(p50 / 1000).toFixed(2)} s, p99 ${(p99 / 1000).toFixed(2)} s, max ${(max / 1000).toFixed(2)} s`,
        baseline: `${((cpuMs / postCount) * 1000).toFixed(0)} µs CPU/send`,
        met: allSent && p99 <= 500,
      });
      recordAim({
        section: 'scheduler',
        aim: `RSS with ${postCount} waiting scheduled posts < 150 MB`,
        measured: `${waitRss.peakRssMb.toFixed(0)} MB peak (anon ${waitRss.peakAnonMb.toFixed(0)}, file-backed ${waitRss.peakFileMb.toFixed(0)})`,
        baseline: `idle ${idleRssMb.toFixed(0)} MB`,
        met: waitRss.peakRssMb < 150,
      });
      return { p50, p99, allSent };
    } finally {
      db.close();
    }
  } finally {
    await ref.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
