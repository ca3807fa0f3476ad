import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './run-node.js';

/**
 * A copy of the repository as a fresh clone has it: the tracked files only (as they are in the
 * working tree), so what a documented command left behind here (backups, restored data, packs) never
 * reaches it. The installed node_modules are hard-linked in (what `npm ci` would put there), and with
 * `builds` the workspaces' dist/ folders too (a build in the copy takes minutes on a busy machine).
 */
export function copyTrackedFiles(target: string, { builds }: { builds: boolean }): void {
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
}
