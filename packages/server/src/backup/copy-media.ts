import type { Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Copies the media folder file by file while the server may write into it. Walks with its own
 * stack (no recursion), and a file or folder that disappears between listing and copying (a
 * finished upload renamed into files/, a file retention just removed) is skipped, not an error:
 * what the backed-up database still needs of it is put right by `reconcileOpenUploads`.
 */
export async function copyMediaFolder(from: string, to: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const pending: string[] = [''];
  for (let relative = pending.pop(); relative !== undefined; relative = pending.pop()) {
    await mkdir(join(to, relative), { recursive: true });
    let entries: Dirent[];
    try {
      entries = await readdir(join(from, relative), { withFileTypes: true });
    } catch (error) {
      if (isGone(error)) continue;
      throw error;
    }
    for (const entry of entries) {
      const path = join(relative, entry.name);
      if (entry.isDirectory()) {
        pending.push(path);
        continue;
      }
      if (!entry.isFile()) continue;
      try {
        await copyFile(join(from, path), join(to, path));
        files++;
        bytes += (await stat(join(to, path))).size;
      } catch (error) {
        if (!isGone(error)) throw error;
      }
    }
  }
  return { files, bytes };
}

export function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
