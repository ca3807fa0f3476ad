#!/usr/bin/env node
// The `socialpub` bin: committed, so `npm ci` links it on a fresh clone (npm skips a bin whose
// target does not exist yet). It loads the build; only a clone without one pays the import below.
// The CLI bundles the SDK and core from their sources, so its first build is its own alone.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bin.js', import.meta.url);
if (existsSync(entry)) await import(entry.href);
else
  await (await import('../../../scripts/build-on-first-run.mjs')).runBuilt(
    entry,
    'socialpub',
    '@socialpub/cli',
    { withDependencies: false },
  );
