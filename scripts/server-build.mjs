// The server's build for `npm start` and its bin launcher on a clone. The server's tsup build bundles
// our packages and zod from their sources, so it needs no sibling build; without type declarations
// it is one esbuild pass of a few seconds. A start whose build is current runs no build tool at all.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = join(ROOT, 'packages/server');
const TSUP = join(ROOT, 'node_modules/tsup/dist/cli-default.js');

/** Newest modification time (ms) of the files under `path` that a build reads (tests excluded). */
function newestChange(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestChange(join(path, entry.name)));
  }
  return newest;
}

/**
 * True when the server's build exists and nothing it is built from changed since: the sources and
 * manifests of every workspace package (any of them may be bundled), the server's build settings,
 * and the lockfile (a dependency bundled at another version).
 */
export function serverBuildIsCurrent() {
  const entries = ['dist/bin.js', 'dist/index.js'].map((file) => join(SERVER, file));
  if (!entries.every((entry) => existsSync(entry))) return false;
  const built = Math.min(...entries.map((entry) => statSync(entry).mtimeMs));
  const inputs = [join(ROOT, 'package-lock.json'), join(SERVER, 'tsup.config.ts')];
  for (const name of readdirSync(join(ROOT, 'packages'))) {
    inputs.push(join(ROOT, 'packages', name, 'src'), join(ROOT, 'packages', name, 'package.json'));
  }
  return inputs.every((input) => newestChange(input) <= built);
}

/**
 * Builds the server alone, without type declarations (`npm run build` makes those). Everything goes
 * to stderr, so a command's stdout stays its answer. Exits 1 with what to do when it cannot build.
 */
export function buildServer(note) {
  process.stderr.write(`${note}\n`);
  if (!existsSync(TSUP)) {
    process.stderr.write(
      `error: cannot build the reference server: tsup is not installed. Run \`npm ci\` at ${ROOT}, then \`npm start\`.\n`,
    );
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [TSUP, '--no-dts', '--silent'], {
    cwd: SERVER,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) {
    process.stderr.write(
      'error: building the reference server failed (see above). Fix it, then run `npm start`.\n',
    );
    process.exit(1);
  }
}
