import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { backupDataDir, restoreDataDir } from '../../src/backup/backup.js';

const root = mkdtempSync(join(tmpdir(), 'socialpub-backup-modes-'));
let previousUmask: number;

/** Every entry under `dir` with its permission bits. */
async function modes(dir: string): Promise<Array<{ path: string; folder: boolean; mode: number }>> {
  const found = [{ path: dir, folder: true, mode: statSync(dir).mode & 0o777 }];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    found.push({ path, folder: entry.isDirectory(), mode: statSync(path).mode & 0o777 });
  }
  return found;
}

beforeAll(async () => {
  // The loosest umask: nothing is filtered, so only the code's own modes can make the copy private.
  previousUmask = process.umask(0);
  const dataDir = join(root, 'data');
  const socialpub = await createApp({ dataDir, seedDemo: true, clock: 'virtual' });
  await socialpub.close();
  writeFileSync(join(dataDir, 'media', 'loose-file.txt'), 'media bytes', { mode: 0o666 });
});
afterAll(() => {
  process.umask(previousUmask);
  rmSync(root, { recursive: true, force: true });
});

describe('backups hold password hashes and session secrets', () => {
  it('writes every backup file 0600 and every folder 0700 whatever the umask', async () => {
    await backupDataDir(join(root, 'data'), join(root, 'backup'));
    const entries = await modes(join(root, 'backup'));
    expect(entries.map((e) => e.path.slice(root.length))).toEqual(
      expect.arrayContaining(['/backup/socialpub.db', '/backup/backup.json', '/backup/media/loose-file.txt']),
    );
    for (const entry of entries) {
      expect({ path: entry.path, mode: entry.mode.toString(8) }).toEqual({
        path: entry.path,
        mode: entry.folder ? '700' : '600',
      });
    }
  });

  it('restores into a data directory with the same modes', async () => {
    await restoreDataDir(join(root, 'backup'), join(root, 'restored'), false);
    for (const entry of await modes(join(root, 'restored'))) {
      expect({ path: entry.path, mode: entry.mode.toString(8) }).toEqual({
        path: entry.path,
        mode: entry.folder ? '700' : '600',
      });
    }
  });
});
