#!/usr/bin/env node
// `npm run pack`: the three packages people install in their own projects (the SDK, the CLI and the
// connector), each built by its `prepack` and packed to one tarball in ./packs. Core is bundled
// into each, so they install from the public registry alone.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PACKAGES = ['@socialpub/sdk', '@socialpub/cli', '@socialpub/mcp'];
const FOLDER = 'packs';

mkdirSync(new URL(`../${FOLDER}/`, import.meta.url), { recursive: true });
const result = spawnSync(
  'npm',
  ['pack', '--json', '--pack-destination', FOLDER, ...PACKAGES.flatMap((name) => ['--workspace', name])],
  // The builds' own output goes to stderr; stdout is npm's JSON list of what it packed.
  { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
);
if (result.status !== 0) {
  process.stderr.write(
    `npm run pack: npm pack failed (exit ${result.status ?? result.signal}); see above.\n`,
  );
  process.exit(1);
}
const packed = JSON.parse(result.stdout.slice(result.stdout.indexOf('[')));
for (const tarball of packed) {
  const kB = (tarball.size / 1000).toFixed(0);
  process.stdout.write(`${FOLDER}/${tarball.filename}  ${kB} kB packed, ${tarball.entryCount} files\n`);
}
