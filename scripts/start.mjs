#!/usr/bin/env node
// `npm start`: build the server and what it depends on (turbo caches, so later starts are quick),
// saying so first, because the first build takes about a minute with nothing else on the terminal.
import { buildWorkspace } from './build-on-first-run.mjs';

buildWorkspace(
  '@socialpub/server',
  'building the reference server (about a minute on the first start, seconds after that)...',
);
await import(new URL('../packages/server/dist/bin.js', import.meta.url).href);
