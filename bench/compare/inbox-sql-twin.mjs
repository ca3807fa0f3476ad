// A twin of a publish's SQL, with and without its network inbox: two databases opened by a build's
// own `openDatabase` (its migrations and pragmas), rows like the bench's publishes (an x or linkedin
// success with its first figures; each row another account, so the account index's leaf is random)
// inserted in transactions of <group> rows as the group commit does, one keeping the delivery's four
// columns and one not; the two alternate round by round (the order flips each round). Printed:
// process CPU µs a row per round, the per-round ratio, medians and spread, the load, and the
// table's leaf pages. Not part of `npm run bench` (docs/performance.md, the network inbox, round 8):
//   node bench/compare/inbox-sql-twin.mjs <distDir> [rounds=7] [rowsPerRound=3000] [group=10] [accounts=1500] [x|linkedin]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist, roundsArg = '7', perRoundArg = '3000', groupArg = '10', accountsArg = '1500', platform = 'x'] =
  process.argv.slice(2);
const { openDatabase } = await import(pathToFileURL(`${resolve(dist)}/index.js`).href);
const COLS = `id, account_id, profile_id, platform, status, media_type, publish_id, permalink,
  error_message, at, updated_at, scheduled_post_id, notices, has_links, network_result, username, finish_at,
  published_at, simulated_figures, figures, next_figures_at`;
const q = (n) => Array(n).fill('?').join(', ');
function make(label, keep) {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-twin-'));
  const db = openDatabase({ file: join(dir, 'socialpub.db') });
  const accounts = [];
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < Number(accountsArg); i++) {
      const id = randomUUID();
      accounts.push(id);
      db.prepare('INSERT INTO accounts (id, plan, created_at) VALUES (?, ?, ?)').run(id, 'pro', now);
    }
  })();
  const plain = db.prepare(`INSERT INTO post_records (${COLS}) VALUES (${q(21)})`);
  const kept = db.prepare(
    `INSERT INTO post_records (${COLS}, delivery_text, delivery_media, delivery_options, delivery_post_type) VALUES (${q(25)})`,
  );
  const group = db.transaction((rows) => {
    for (const r of rows) (keep ? kept : plain).run(r);
  });
  return { label, keep, dir, db, accounts, group, k: 0 };
}
let seq = 0;
const uuid7 = () => {
  const t = (Date.now() * 1000 + seq++).toString(16).padStart(12, '0').slice(-12);
  const r = randomUUID();
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${r.slice(15)}`;
};
// A success's network fields and first figures, as the simulated networks write them.
const NETWORK_ROWS = {
  x: (k, id) => ({
    publishId: id,
    permalink: `https://x.com/bench${k}/status/${id}`,
    metrics:
      '"views":null,"likes":0,"comments":0,"shares":0,"impressions":0,"reach":null,"saves":0,"clicks":0,"watch_time_seconds":null',
    notReported: ['views', 'reach', 'watch_time_seconds'],
  }),
  linkedin: (_k, id) => ({
    publishId: `urn:li:share:${id}`,
    permalink: `https://www.linkedin.com/feed/update/urn:li:share:${id}/`,
    metrics:
      '"views":null,"likes":0,"comments":0,"shares":0,"impressions":0,"reach":0,"saves":null,"clicks":0,"watch_time_seconds":null',
    notReported: ['views', 'saves', 'watch_time_seconds'],
  }),
};
function row(s) {
  const k = s.k++;
  const at = new Date().toISOString();
  const n = NETWORK_ROWS[platform](k % 1500, String(6526152424023847972n + BigInt(k)));
  const missing = n.notReported.join(', ');
  const v = [
    uuid7(),
    s.accounts[k % s.accounts.length],
    randomUUID(),
    platform,
    'success',
    'text',
    n.publishId,
    n.permalink,
    null,
    at,
    at,
    null,
    '[]',
    0,
    null,
    `bench${k % 1500}`,
    null,
    at,
    null,
    `{"metrics":{${n.metrics}},"not_reported":${JSON.stringify(n.notReported)},"engagement":0,"polled_at":"${at}","note":"${platform} does not report ${missing}; they stay null, not zero."}`,
    at,
  ];
  if (s.keep) v.push(`bench publish ${k}`, '[]', '{}', 'text');
  return v;
}
function round(s) {
  const rows = Array.from({ length: Number(perRoundArg) }, () => row(s));
  const g = Number(groupArg);
  const c0 = process.cpuUsage();
  for (let i = 0; i < rows.length; i += g) s.group(rows.slice(i, i + g));
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / rows.length;
}
const subjects = [make('keep', true), make('none', false)];
for (const s of subjects) round(s); // warm-up
const res = { keep: [], none: [] };
for (let r = 0; r < Number(roundsArg); r++) {
  const order = r % 2 ? [...subjects].reverse() : subjects;
  for (const s of order) res[s.label].push(round(s));
  console.log(
    `round ${r + 1}: keep ${res.keep.at(-1).toFixed(1)} µs/row, none ${res.none.at(-1).toFixed(1)}; ratio ${(res.keep.at(-1) / res.none.at(-1)).toFixed(3)}; load ${loadavg()[0].toFixed(1)}`,
  );
}
const med = (a) => {
  const b = [...a].sort((x, y) => x - y);
  return b[b.length >> 1];
};
const ratios = res.keep.map((k, i) => k / res.none[i]);
console.log(
  `keep ${med(res.keep).toFixed(1)} none ${med(res.none).toFixed(1)} µs/row; ratio median ${med(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})`,
);
for (const s of subjects) {
  const st = s.db
    .prepare(
      "select count(*) pages, avg(ncell) per from dbstat where name = 'post_records' and pagetype = 'leaf'",
    )
    .get();
  console.log(
    `${s.label}: table leaf pages ${st.pages}, rows a page ${st.per.toFixed(2)}, page_count ${s.db.pragma('page_count', { simple: true })}`,
  );
  s.db.close();
  rmSync(s.dir, { recursive: true, force: true });
}
