// Shared by the committed bin launchers (packages/*/bin/*.js) and `npm start`. `npm ci` links a
// workspace's `bin` only when its target exists at install time, so the targets are small committed
// files, and the build they load (dist/) is made here when it is missing: every README command then
// works on a fresh clone without a separate build step, and nothing is fetched from a registry.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TURBO = fileURLToPath(new URL('../node_modules/turbo/bin/turbo', import.meta.url));

/**
 * Builds `workspace` and the workspaces it depends on with turbo (cached, so a second call is quick).
 * Everything goes to stderr, so a command's stdout stays its answer. Exits 1 with what to do when
 * the build cannot run or fails.
 */
export function buildWorkspace(workspace, note, { withDependencies = true } = {}) {
  process.stderr.write(`${note}\n`);
  if (!existsSync(TURBO)) {
    process.stderr.write(
      `error: cannot build ${workspace}: turbo is not installed. Run \`npm ci\` at ${ROOT}, then \`npm run build\`.\n`,
    );
    process.exit(1);
  }
  const result = spawnSync(
    process.execPath,
    // `--only`: a workspace that bundles its dependencies from their sources (the CLI) needs no
    // other build, so the first run builds just that one.
    withDependencies
      ? [TURBO, 'run', 'build', `--filter=${workspace}...`, '--output-logs=errors-only']
      : [TURBO, 'run', 'build', `--filter=${workspace}`, '--only', '--output-logs=errors-only'],
    { cwd: ROOT, stdio: ['ignore', 2, 2], env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
  );
  if (result.status !== 0) {
    process.stderr.write(
      `error: building ${workspace} failed (see above). Fix it, then run \`npm run build\`.\n`,
    );
    process.exit(1);
  }
}

/** Loads a launcher's build, building it first when a fresh clone has none yet. */
export async function runBuilt(entry, name, workspace, options = {}) {
  if (!existsSync(entry)) {
    buildWorkspace(workspace, `building ${name} (first run, about a minute)...`, options);
  }
  await import(entry.href);
}
