// The scheduler's same-run baseline: bare better-sqlite3 on a WAL file, what any drain of due posts
// must do at least. `count` due rows of a scheduled-posts table spread over `accounts` accounts; a
// batch of 1,000 per transaction is read in due order, and each post gets a post-record row (the
// same columns and indexes as socialpub's post_records) and its outcome. Prints one JSON line with
// the CPU µs per send of the drain alone. Arguments: <dir> <count> <accounts>.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const [dir, countArg = '10000', accountsArg = '500'] = process.argv.slice(2);
const count = Number(countArg);
const accounts = Number(accountsArg);
const db = new Database(join(dir, 'bare-drain.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`
  CREATE TABLE scheduled_posts (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, profile_id TEXT NOT NULL,
    platforms TEXT NOT NULL, outcome TEXT NOT NULL, at TEXT NOT NULL, updated_at TEXT NOT NULL,
    request TEXT NOT NULL, gone_out INTEGER NOT NULL DEFAULT 0, seq INTEGER NOT NULL);
  CREATE INDEX scheduled_posts_due ON scheduled_posts(outcome, at, seq);
  CREATE INDEX scheduled_posts_list ON scheduled_posts(account_id, gone_out, at, id);
  CREATE INDEX scheduled_posts_account_outcome ON scheduled_posts(account_id, outcome);
  CREATE TABLE post_records (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, profile_id TEXT NOT NULL,
    platform TEXT NOT NULL, status TEXT NOT NULL, at TEXT NOT NULL, updated_at TEXT NOT NULL,
    scheduled_post_id TEXT, has_links INTEGER NOT NULL DEFAULT 0, network_result TEXT,
    next_figures_at TEXT);
  CREATE INDEX post_records_account ON post_records(account_id, at, id, platform, profile_id, status, has_links);
  CREATE INDEX post_records_figures ON post_records(next_figures_at) WHERE next_figures_at IS NOT NULL;
  CREATE INDEX post_records_scheduled ON post_records(scheduled_post_id) WHERE scheduled_post_id IS NOT NULL;
`);
const due = new Date().toISOString();
const insertScheduled = db.prepare(
  "INSERT INTO scheduled_posts VALUES (?, ?, ?, '[\"x\"]', 'waiting', ?, ?, ?, 0, ?)",
);
db.transaction(() => {
  for (let i = 0; i < count; i++) {
    const account = `acc-${i % accounts}`;
    insertScheduled.run(
      randomUUID(),
      account,
      `prof-${i % accounts}`,
      due,
      due,
      JSON.stringify({ text: `post ${i}` }),
      i,
    );
  }
})();
const batch = db.prepare(
  "SELECT * FROM scheduled_posts WHERE outcome = 'waiting' AND at <= ? ORDER BY at, seq LIMIT 1000",
);
const record = db.prepare('INSERT INTO post_records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
const settle = db.prepare(
  "UPDATE scheduled_posts SET outcome = 'success', updated_at = ?, gone_out = 1 WHERE id = ?",
);
const started = process.cpuUsage();
const wallStarted = performance.now();
let sent = 0;
for (;;) {
  const rows = db.transaction(() => {
    const posts = batch.all(new Date().toISOString());
    for (const post of posts) {
      const now = new Date().toISOString();
      const result = JSON.stringify({ post_id: randomUUID(), permalink: `https://x.com/i/${post.id}` });
      record.run(
        randomUUID(),
        post.account_id,
        post.profile_id,
        'x',
        'success',
        now,
        now,
        post.id,
        0,
        result,
        now,
      );
      settle.run(now, post.id);
    }
    return posts.length;
  })();
  sent += rows;
  if (rows === 0) break;
  await new Promise((resolve) => setImmediate(resolve));
}
const cpu = process.cpuUsage(started);
db.close();
process.stdout.write(
  `${JSON.stringify({ sent, cpuUsPerSend: (cpu.user + cpu.system) / sent, wallMs: performance.now() - wallStarted })}\n`,
);
