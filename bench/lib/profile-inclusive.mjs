// Inclusive main-thread time of named functions in V8 CPU profiles, by sample count, for
// docs/performance.md:
//   node bench/lib/profile-inclusive.mjs <a.cpuprofile[,b.cpuprofile...]> <requests each> <name>...
// Each sample counts as the profile's interval (100 µs by default; PROFILE_INTERVAL_US), and a
// function once per sample however often it is on the stack; idle samples are left out. A loaded
// machine delays the sampler, so a sample's own time delta can stand for many milliseconds of one
// stack: counting samples weighs every sample alike. Printed: µs per request, averaged over the files.
import { readCpuProfile } from './cpu-profile.mjs';

const [files, requestsArg, ...names] = process.argv.slice(2);
if (!files || !(Number(requestsArg) > 0) || names.length === 0) {
  console.error('usage: profile-inclusive.mjs <files, comma-separated> <requests each> <functionName>...');
  process.exit(2);
}
const intervalUs = Number(process.env.PROFILE_INTERVAL_US ?? 100);
const list = files.split(',');
const totals = new Map(names.map((name) => [name, 0]));
let busy = 0;
for (const file of list) {
  const { profile, byId, parentOf } = readCpuProfile(file);
  for (const id of profile.samples) {
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    busy += 1;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const name = byId.get(at).callFrame.functionName;
      if (totals.has(name) && !seen.has(name)) {
        seen.add(name);
        totals.set(name, totals.get(name) + 1);
      }
    }
  }
}
const per = (count) => ((count * intervalUs) / (list.length * Number(requestsArg))).toFixed(1).padStart(7);
console.log(`${per(busy)} µs  every busy sample`);
for (const [name, count] of totals) console.log(`${per(count)} µs  ${name}`);
