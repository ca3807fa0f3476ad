// Where the samples under one function went, from a V8 CPU profile (`node --cpu-prof`), for
// docs/performance.md:
//   node bench/lib/profile-under.mjs <file.cpuprofile> <functionName> [count] [per]
// Keeps the samples whose stack holds a frame named <functionName> (e.g. `runDue`), then prints
// their self time by function (with its source module when the frame is in a bundle, as
// profile-modules.mjs names it) and their inclusive time by function (a function counted once per
// sample however often it is on the stack). With `per` (e.g. the number of sends), each line also
// gives µs per unit.
import { bundleModuleAt, inBundle, readCpuProfile } from './cpu-profile.mjs';

const [file, root, count = '30', perArg] = process.argv.slice(2);
if (!file || !root) {
  console.error('usage: profile-under.mjs <file.cpuprofile> <functionName> [count] [per]');
  process.exit(2);
}
const { profile, byId, parentOf } = readCpuProfile(file);

function nameOf({ url, lineNumber, functionName }) {
  const name = functionName || '(anonymous)';
  if (!url) return name;
  if (url.startsWith('node:')) return `${name} node:${url.slice(5)}`;
  if (url.includes('node_modules/')) return `${name} ${url.replace(/^.*node_modules\//, '').split('/')[0]}`;
  if (!inBundle(url)) return `${name} ${url.split('/').pop()}`;
  return `${name} ${bundleModuleAt(url, lineNumber).split('/').pop()}`;
}

const self = new Map();
const inclusive = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  const names = [];
  let under = false;
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at).callFrame;
    if (frame.functionName === root) under = true;
    names.push(nameOf(frame));
  }
  if (!under) return;
  total += us;
  self.set(names[0], (self.get(names[0]) ?? 0) + us);
  for (const name of new Set(names)) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
});
const per = perArg === undefined ? null : Number(perArg);
console.log(
  `under ${root}: ${(total / 1000).toFixed(0)} ms${per ? `, ${(total / per).toFixed(1)} µs per unit` : ''}`,
);
for (const [title, map] of [
  ['self', self],
  ['inclusive', inclusive],
]) {
  console.log(`-- ${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
    const share = `${((100 * us) / total).toFixed(1).padStart(5)}%`;
    console.log(`${share}${per ? ` ${(us / per).toFixed(2).padStart(7)} µs` : ''}  ${key}`);
  }
}
