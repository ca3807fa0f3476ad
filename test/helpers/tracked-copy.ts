import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './run-node.js';

/**
 * A copy of the repository as a fresh clone has it: the tracked files only (as they are in the
 * working tree), so what a documented command left behind here (backups, restored data, packs) never
 * reaches it. The installed node_modules are hard-linked in (what `npm ci` would put there), and with
 * `builds` the workspaces' dist/ folders too (a build in the copy takes minutes on a busy machine).
 */
export function copyTrackedFiles(target: string, { builds }: { builds: boolean }): string[] {
  const files = execFileSync('git', ['ls-files', '-z', '--cached'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\0')
    // A tracked file deleted in the working tree is gone from the reader's copy as well.
    .filter((file) => file !== '' && existsSync(join(REPO_ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(target, file), { verbatimSymlinks: true, preserveTimestamps: true });
  }
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  execFileSync('cp', ['-al', join(REPO_ROOT, 'node_modules'), join(target, 'node_modules')]);
  for (const workspace of root.workspaces) {
    for (const folder of builds ? ['node_modules', 'dist'] : ['node_modules']) {
      const from = join(REPO_ROOT, workspace, folder);
      if (existsSync(from) && existsSync(join(target, workspace))) {
        execFileSync('cp', ['-al', from, join(target, workspace, folder)]);
      }
    }
  }
  return files;
}

/**
 * Files under `root` that are neither in `known` nor ignored by this repository's .gitignore (what
 * `git status` would show as new if `root` were the clone), node_modules/ and dist/ left unread.
 */
export function newFilesNotIgnored(root: string, known: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (!known.has(path)) found.push(path);
    }
  };
  walk('');
  if (found.length === 0) return [];
  // check-ignore prints the ignored ones and exits 1 when there are none.
  const result = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], {
    cwd: REPO_ROOT,
    input: found.join('\n'),
    encoding: 'utf8',
  });
  const ignored = new Set(result.stdout.split('\n').filter(Boolean));
  return found.filter((path) => !ignored.has(path));
}
