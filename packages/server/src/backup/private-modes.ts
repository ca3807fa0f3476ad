import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** A backup holds password hashes and session secrets: only its owner may read it, whatever the umask. */
export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Creates `dir` (and missing parents) and sets it to 0700 at once, before anything is written
 * into it: `mkdir`'s mode is filtered by the umask and an existing folder keeps its own, so the
 * mode is set explicitly.
 */
export async function makePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(dir, PRIVATE_FOLDER_MODE);
}

/**
 * Sets every folder under `root` (itself included) to 0700 and every file to 0600: copies keep
 * their source's mode and SQLite creates its file with the umask's, so each is set after writing.
 */
export async function makeTreePrivate(root: string): Promise<void> {
  await chmod(root, PRIVATE_FOLDER_MODE);
  const pending: string[] = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        await chmod(path, PRIVATE_FOLDER_MODE);
        pending.push(path);
      } else if (entry.isFile()) {
        await chmod(path, PRIVATE_FILE_MODE);
      }
    }
  }
}
