#!/usr/bin/env node
// Committed launcher so `npm ci` links the command on a fresh clone; the code is the built dist/bin.js,
// built first (scripts/build-on-first-run.mjs, shared with socialpub and socialpub-server) when missing.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bin.js', import.meta.url);
if (existsSync(entry)) await import(entry.href);
else
  await (await import('../../../scripts/build-on-first-run.mjs')).runBuilt(
    entry,
    'socialpub-mcp',
    '@socialpub/mcp',
  );
