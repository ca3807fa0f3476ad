import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The tests spawn the built binary, so it is built once before any test file runs. */
export default function setup(): void {
  const cwd = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../../node_modules/tsup/dist/cli-default.js', import.meta.url))],
    {
      cwd,
      stdio: 'pipe',
    },
  );
}
