#!/usr/bin/env node
// The `socialpub-server` bin: committed, so `npm ci` links it on a fresh clone (npm skips a bin
// whose target does not exist yet). It loads the build, building it first on a clone without one.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(entry)) {
  const { buildWithoutDeclarations } = await import('../../../scripts/build-when-stale.mjs');
  buildWithoutDeclarations('packages/server', 'building socialpub-server (first run, a few seconds)...');
}
await import(entry.href);
