#!/usr/bin/env node
// The `socialpub-mcp` bin: committed, so `npm ci` links it on a fresh clone (npm skips a bin whose
// target does not exist yet). It loads the build; a clone without one builds it first, on stderr
// only, because stdout is the MCP channel of the desktop app that started it.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bin.js', import.meta.url);
if (existsSync(entry)) await import(entry.href);
else
  await (await import('../../../scripts/build-on-first-run.mjs')).runBuilt(
    entry,
    'socialpub-mcp',
    '@socialpub/mcp',
  );
