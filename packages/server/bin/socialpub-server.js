#!/usr/bin/env node
// The `socialpub-server` bin: committed, so `npm ci` links it on a fresh clone (npm skips a bin
// whose target does not exist yet). It loads the build, building it first on a clone without one.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bin.js', import.meta.url);
if (existsSync(entry)) await import(entry.href);
else
  await (await import('../../../scripts/build-on-first-run.mjs')).runBuilt(
    entry,
    'socialpub-server',
    '@socialpub/server',
  );
