// Top self-time entries of a V8 CPU profile (`node --cpu-prof`), for docs/performance.md:
//   node bench/lib/profile-top.mjs <file.cpuprofile> [count] [last-seconds]
// `last-seconds` keeps only the samples of the profile's last seconds (the load, not the seeding).
import { readFileSync } from 'node:fs';

const [file, count = '25', lastSeconds] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const deltas = profile.timeDeltas;
const from =
  lastSeconds === undefined ? Number.NEGATIVE_INFINITY : profile.endTime - Number(lastSeconds) * 1e6;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += deltas[i] ?? 0;
  if (at < from) continue;
  const node = byId.get(profile.samples[i]);
  const frame = node.callFrame;
  const where = frame.url
    ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, '')}:${frame.lineNumber + 1}`
    : '';
  const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
  self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = self.get('(idle)') ?? 0;
console.log(`total ${(total / 1000).toFixed(0)} ms sampled, ${(idle / 1000).toFixed(0)} ms idle`);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
  console.log(
    `${((100 * us) / (total - idle)).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`,
  );
}
