// Builds of one workspace from a clone, for `npm start`, the server's bin launcher and the tests
// that run the CLI's binary. The server and the CLI bundle our packages from their sources, so
// their tsup build needs no sibling build; without type declarations it is one esbuild pass of a few
// seconds. A build that is current is not run again, and nothing is printed then.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
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
 * True when every `entries` file of `workspace` (e.g. `packages/server`, `dist/bin.js`) exists and
 * nothing it may be built from changed since: the sources and manifests of every workspace package
 * (any of them may be bundled), the workspace's build settings, and the lockfile.
 */
export function buildIsCurrent(workspace, entries) {
  const built = entries.map((entry) => join(ROOT, workspace, entry));
  if (!built.every((entry) => existsSync(entry))) return false;
  const oldest = Math.min(...built.map((entry) => statSync(entry).mtimeMs));
  const inputs = [join(ROOT, 'package-lock.json'), join(ROOT, workspace, 'tsup.config.ts')];
  for (const name of readdirSync(join(ROOT, 'packages'))) {
    inputs.push(join(ROOT, 'packages', name, 'src'), join(ROOT, 'packages', name, 'package.json'));
  }
  return inputs.every((input) => newestChange(input) <= oldest);
}

/**
 * Builds `workspace` alone with its tsup settings, without type declarations (`npm run build` makes
 * those), saying `note` first. Everything goes to stderr, so a command's stdout stays its answer.
 * Exits 1 with what to do when it cannot build.
 */
export function buildWithoutDeclarations(workspace, note) {
  process.stderr.write(`${note}\n`);
  if (!existsSync(TSUP)) {
    process.stderr.write(
      `error: cannot build ${workspace}: tsup is not installed. Run \`npm ci\` at ${ROOT} first.\n`,
    );
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [TSUP, '--no-dts', '--silent'], {
    cwd: join(ROOT, workspace),
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) {
    process.stderr.write(
      `error: building ${workspace} failed (see above). Fix it, then run \`npm run build\`.\n`,
    );
    process.exit(1);
  }
}
