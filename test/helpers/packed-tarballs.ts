import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { userPath } from './documented-commands.js';
import { REPO_ROOT, type RunResult, runCommand } from './run-node.js';
import { copyTrackedFiles } from './tracked-copy.js';

/** The `sh` blocks of a README section, each as its command lines (comments and blank lines left out). */
export function readmeShellBlocks(section: string): string[][] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`## ${section}\n`);
  expect(start, `README section "${section}"`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  const text = readme.slice(start, end === -1 ? undefined : end);
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    (block[1] as string)
      .split('\n')
      .map((line) => line.replace(/\s+#\s.*$/, '').trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
}

/** The one line of a README section that starts with `prefix`, as written. */
export function readmeLine(section: string, prefix: string): string {
  const lines = readmeShellBlocks(section)
    .flat()
    .filter((line) => line.startsWith(prefix));
  expect(lines, `README "${section}" shows one line starting ${prefix}`).toHaveLength(1);
  return lines[0] as string;
}

export interface Packed {
  /** This run's shared folder: `clone/` (a copy of the tracked files) and beside it the readers' projects. */
  folder: string;
  clone: string;
  /** The tarballs `npm run pack` wrote in the copy, by file name. */
  tarballs: string[];
  /** What `npm run pack` printed on stdout. */
  printed: string;
}

/**
 * Runs a line as a reader runs it in a shell: their PATH (no node_modules/.bin of this repository),
 * npm preferring its cache (the registry is asked only for what the cache lacks), no SOCIALPUB_*.
 */
export function runAsReader(line: string, cwd: string, env: Record<string, string> = {}): Promise<RunResult> {
  return runCommand(
    'sh',
    ['-c', line],
    {
      PATH: userPath(),
      npm_config_prefer_offline: 'true',
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      TURBO_TELEMETRY_DISABLED: '1',
      ...env,
    },
    { cwd, timeoutMs: 900_000 },
  );
}

/**
 * The README's `npm run pack`, run once per test run in a copy of the clone's tracked files (never
 * in this checkout: its prepack builds would replace the dist/ folders other tests are running). The
 * first file to ask makes it; the others wait for its answer in the shared folder.
 */
export async function packedTarballs(): Promise<Packed> {
  const folder = inject('packsFolder');
  const clone = join(folder, 'clone');
  const answer = join(folder, 'packed.json');
  try {
    await mkdir(join(folder, 'lock'));
  } catch {
    return waitForAnswer(answer);
  }
  let packed: Packed | { error: string };
  try {
    copyTrackedFiles(clone, { builds: false });
    const result = await runAsReader(readmeLine('SDK quick start', 'npm run pack'), clone);
    packed =
      result.code === 0
        ? { folder, clone, tarballs: readdirSync(join(clone, 'packs')).sort(), printed: result.stdout }
        : { error: `npm run pack exited ${result.code}\n${result.stdout}\n${result.stderr}` };
  } catch (error) {
    packed = { error: String(error) };
  }
  await writeFile(`${answer}.part`, JSON.stringify(packed));
  await rename(`${answer}.part`, answer);
  return unwrap(packed);
}

function unwrap(packed: Packed | { error: string }): Packed {
  if ('error' in packed) throw new Error(packed.error);
  return packed;
}

/** The other files wait for the maker's answer (written whole, by a rename). */
async function waitForAnswer(answer: string): Promise<Packed> {
  while (!existsSync(answer)) await new Promise((resolve) => setTimeout(resolve, 500));
  return unwrap(JSON.parse(readFileSync(answer, 'utf8')) as Packed | { error: string });
}
