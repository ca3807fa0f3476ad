// Self time of a V8 CPU profile by source module, for docs/performance.md:
//   node bench/lib/profile-modules.mjs <file.cpuprofile> [requests] [count]
// A frame in a bundle (`dist*/`) is named by the `// src/...` comment that starts its module;
// Node's own frames by their `node:` module, dependencies by package. With `requests`, each
// line also gives µs per request. The inspector's own serialisation of a profile stopped over IPC
// (`Profiler.stop` inside `post`) is left out, as are idle samples.
import { bundleModuleAt, inBundle, readCpuProfile } from './cpu-profile.mjs';

const [file, requests, count = '40'] = process.argv.slice(2);
const { profile, byId, parentOf } = readCpuProfile(file);

function moduleOf({ url, lineNumber, functionName }) {
  if (!url) return functionName || '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (!inBundle(url)) {
    return url
      .replace(/^.*node_modules\//, '')
      .split('/')
      .slice(0, 2)
      .join('/');
  }
  return bundleModuleAt(url, lineNumber);
}

function inProfilerStop(id) {
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at).callFrame;
    if (frame.functionName === 'post' && frame.url.includes('inspector')) return true;
  }
  return false;
}

const self = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  const frame = byId.get(id).callFrame;
  if (frame.functionName === '(idle)' || inProfilerStop(id)) return;
  total += us;
  const key = moduleOf(frame);
  self.set(key, (self.get(key) ?? 0) + us);
});
const perRequest = requests === undefined ? null : Number(requests);
console.log(
  `non-idle ${(total / 1000).toFixed(0)} ms${perRequest ? `, ${(total / perRequest).toFixed(1)} µs per request` : ''}`,
);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
  const share = `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  console.log(`${share}${perRequest ? ` ${(us / perRequest).toFixed(2).padStart(7)} µs` : ''}  ${key}`);
}
