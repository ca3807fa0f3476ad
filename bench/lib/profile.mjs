// Reads a V8 CPU profile (`node --cpu-prof`, or one a compare script wrote) and prints where the
// busy samples went, for docs/performance.md:
//   node bench/lib/profile.mjs <file.cpuprofile> [--by function|module] [--under <functionName>]
//        [--last <seconds>] [--per <units>] [--count <lines>]
// --by module names a frame in one of our bundles (`dist*/`) by the `// src/...` comment that starts
// its module there, Node's own frames by their `node:` module and dependencies by package.
// --under keeps the samples whose stack holds that function (e.g. `runDue`) and prints their
// inclusive time too (a function counted once per sample however often it is on the stack).
// --last keeps the profile's last seconds (the load, not the seeding); --per gives µs per unit
// (requests, sends). Idle samples and the inspector's own serialisation of a profile stopped over
// IPC (`Profiler.stop` inside `post`) are left out.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    by: { type: 'string', default: 'function' },
    under: { type: 'string' },
    last: { type: 'string' },
    per: { type: 'string' },
    count: { type: 'string', default: '30' },
  },
});
const [file] = positionals;
if (!file || !['function', 'module'].includes(values.by)) {
  console.error(
    'usage: profile.mjs <file.cpuprofile> [--by function|module] [--under <name>] [--last <s>] [--per <n>] [--count <n>]',
  );
  process.exit(2);
}

const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const bundleStarts = new Map();
/** The source module of a frame at `lineNumber` in one of our bundle files. */
function bundleModuleAt(url, lineNumber) {
  let starts = bundleStarts.get(url);
  if (starts === undefined) {
    starts = [];
    readFileSync(new URL(url), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const match = /^\/\/ (src\/\S+|\.\.\/\S+|\S*node_modules\/\S+)/.exec(line);
        if (match) starts.push([i, match[1].replace(/^.*node_modules\//, '')]);
      });
    bundleStarts.set(url, starts);
  }
  let name = '?';
  for (const [start, module] of starts) {
    if (start > lineNumber) break;
    name = module;
  }
  return name;
}

const inBundle = (url) => /\/dist[^/]*\//.test(url) && !url.includes('node_modules/');

function keyOf({ url, lineNumber, functionName }) {
  if (values.by === 'module') {
    if (!url) return functionName || '(native)';
    if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
    if (!inBundle(url))
      return url
        .replace(/^.*node_modules\//, '')
        .split('/')
        .slice(0, 2)
        .join('/');
    return bundleModuleAt(url, lineNumber);
  }
  const name = functionName || '(anonymous)';
  if (!url) return name;
  // A bundle's line numbers say nothing; its module does.
  if (inBundle(url)) return `${name} ${bundleModuleAt(url, lineNumber)}`;
  return `${name} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, '')}:${lineNumber + 1}`;
}

const from = values.last === undefined ? -Infinity : profile.endTime - Number(values.last) * 1e6;
const self = new Map();
const inclusive = new Map();
let total = 0;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  at += us;
  if (at < from || byId.get(id).callFrame.functionName === '(idle)') return;
  const stack = [];
  for (let frame = id; frame !== undefined; frame = parentOf.get(frame))
    stack.push(byId.get(frame).callFrame);
  if (stack.some((frame) => frame.functionName === 'post' && frame.url.includes('inspector'))) return;
  if (values.under !== undefined && !stack.some((frame) => frame.functionName === values.under)) return;
  total += us;
  const own = keyOf(stack[0]);
  self.set(own, (self.get(own) ?? 0) + us);
  for (const key of new Set(stack.map(keyOf))) inclusive.set(key, (inclusive.get(key) ?? 0) + us);
});

const per = values.per === undefined ? null : Number(values.per);
const scope = values.under === undefined ? 'busy' : `under ${values.under}`;
console.log(
  `${scope}: ${(total / 1000).toFixed(0)} ms${per ? `, ${(total / per).toFixed(1)} µs per unit` : ''}`,
);
const tables =
  values.under === undefined
    ? [['self', self]]
    : [
        ['self', self],
        ['inclusive', inclusive],
      ];
for (const [title, map] of tables) {
  console.log(`-- ${title} time by ${values.by}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(values.count))) {
    const share = `${((100 * us) / total).toFixed(1).padStart(5)}%`;
    const unit = per ? ` ${(us / per).toFixed(2).padStart(7)} µs` : '';
    console.log(`${share}${unit} ${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`);
  }
}
