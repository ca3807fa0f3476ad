// The scheduler's drain batch by batch, from a V8 CPU profile of the server (`DRAIN_NODE_ARGS=
// "--cpu-prof ..." node bench/compare/scheduler-drain.mjs ...`), for docs/performance.md:
//   node bench/lib/profile-batches.mjs <file.cpuprofile> [count]
// The samples under `runDue` are cut into batches where the batch read (`dueBatch`) starts again;
// for each batch, its ms and the self ms of the frames that are SQLite's calls (the insert, the
// settling write, the batch read, the commits, the checkpoint). The last batch printed is the empty
// read that ends the drain, with the checkpoint after it. Then, by function: the first two batches'
// self ms, a warm batch's (the mean from batch 5 on), and the first two's excess over two warm ones.
// The look-ahead before due (`prepare` under the due-work timer) is printed apart.
import { readCpuProfile } from './cpu-profile.mjs';

const [file, countArg = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-batches.mjs <file.cpuprofile> [count]');
  process.exit(2);
}
const count = Number(countArg);
const { profile, byId, parentOf } = readCpuProfile(file);
const SQL = new Set(['#insertRow', 'settleDue', 'dueBatch', 'sqliteTransaction', 'pragma']);

const batches = [];
let batch = null;
let reading = false;
let prepareMs = 0;
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  const names = [];
  for (let at = id; at !== undefined; at = parentOf.get(at)) names.push(byId.get(at).callFrame.functionName);
  if (names.some((name, k) => name === 'prepare' && names[k + 1] === '#nextTick')) prepareMs += ms;
  if (!names.includes('runDue')) return;
  const inRead = names.includes('dueBatch');
  // A new read once the batch before has sent something (a read's samples may be interrupted).
  if (inRead && !reading && (batch === null || batch.sending > 5)) {
    batch = { ms: 0, sql: 0, sending: 0, self: new Map() };
    batches.push(batch);
  }
  reading = inRead;
  if (batch === null) return;
  const [self] = names;
  batch.ms += ms;
  if (!inRead) batch.sending += ms;
  if (SQL.has(self)) batch.sql += ms;
  batch.self.set(self, (batch.self.get(self) ?? 0) + ms);
});

batches.forEach((b, i) => {
  console.log(
    `batch ${i}: ${b.ms.toFixed(1)} ms, SQLite's calls ${b.sql.toFixed(1)}, the rest ${(b.ms - b.sql).toFixed(1)}`,
  );
});
console.log(`look-ahead before due (prepare): ${prepareMs.toFixed(1)} ms`);

const warm = batches.slice(5).filter((b) => b.ms > 20);
const names = new Set(batches.flatMap((b) => [...b.self.keys()]));
const rows = [...names].map((name) => {
  const cold = (batches[0]?.self.get(name) ?? 0) + (batches[1]?.self.get(name) ?? 0);
  const warmMs = warm.reduce((sum, b) => sum + (b.self.get(name) ?? 0), 0) / Math.max(1, warm.length);
  return { name: name || '(anonymous)', cold, warmMs, excess: cold - 2 * warmMs };
});
console.log('\n-- self ms: batches 0 and 1 | a warm batch | excess of the first two over two warm ones');
for (const row of [...rows].sort((a, b) => b.excess - a.excess).slice(0, count))
  console.log(
    `${row.cold.toFixed(1).padStart(7)} ${row.warmMs.toFixed(1).padStart(7)} ${row.excess.toFixed(1).padStart(7)}  ${row.name}`,
  );
console.log(`excess in all: ${rows.reduce((sum, row) => sum + row.excess, 0).toFixed(1)} ms`);
