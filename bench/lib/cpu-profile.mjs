// Reading a V8 CPU profile (`node --cpu-prof`): its nodes by id, each node's parent, and the source
// module a frame in one of our bundles (`dist*/`) belongs to, named by the `// src/...` comment
// that starts the module in the bundle (a bundled dependency by its package path).
import { readFileSync } from 'node:fs';

export function readCpuProfile(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  return { profile, byId, parentOf };
}

const modulesOf = new Map();

/** [line, module] pairs of a bundle file, in order. */
function bundleModules(url) {
  let starts = modulesOf.get(url);
  if (starts === undefined) {
    starts = [];
    readFileSync(new URL(url), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const match = /^\/\/ (src\/\S+|\.\.\/\S+|\S*node_modules\/\S+)/.exec(line);
        if (match) starts.push([i, match[1].replace(/^.*node_modules\//, '')]);
      });
    modulesOf.set(url, starts);
  }
  return starts;
}

/** Whether a frame's file is one of our bundles (not a dependency's file). */
export function inBundle(url) {
  return /\/dist[^/]*\//.test(url) && !url.includes('node_modules/');
}

/** The source module of a frame at `lineNumber` in a bundle file. */
export function bundleModuleAt(url, lineNumber) {
  let name = '?';
  for (const [start, module] of bundleModules(url)) {
    if (start > lineNumber) break;
    name = module;
  }
  return name;
}
