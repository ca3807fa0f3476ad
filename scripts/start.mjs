#!/usr/bin/env node
// `npm start`: build the reference server when its build is missing or older than its sources,
// saying so first, then run it. A start with a current build runs no build tool.
import { buildIsCurrent, buildWithoutDeclarations } from './build-when-stale.mjs';

if (!buildIsCurrent('packages/server', ['dist/bin.js', 'dist/index.js'])) {
  buildWithoutDeclarations(
    'packages/server',
    'building the reference server (first start or changed sources: a few seconds)...',
  );
}
await import(new URL('../packages/server/dist/bin.js', import.meta.url).href);
