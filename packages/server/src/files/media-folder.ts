import * as nodeFs from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import * as nodeFsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';

/**
 * The writes the server makes into the media folder, as one layer: every upload, import and
 * dashboard file goes through it, so a test can make the disk full or read-only (root ignores
 * permissions, so a chmod cannot) and check that each address answers its documented 5xx, keeps
 * what arrived, and resumes once the folder is writable again.
 */
export interface MediaFs {
  createWriteStream: typeof nodeFs.createWriteStream;
  writeFileSync: typeof nodeFs.writeFileSync;
  open: typeof nodeFsPromises.open;
  mkdir: typeof nodeFsPromises.mkdir;
  rename: typeof nodeFsPromises.rename;
  truncate: typeof nodeFsPromises.truncate;
}

export const NODE_MEDIA_FS: MediaFs = {
  createWriteStream: nodeFs.createWriteStream,
  writeFileSync: nodeFs.writeFileSync,
  open: nodeFsPromises.open,
  mkdir: nodeFsPromises.mkdir,
  rename: nodeFsPromises.rename,
  truncate: nodeFsPromises.truncate,
};

/** The system's reasons a folder cannot be written, in words a person running the server acts on. */
const WRITE_FAILURES: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  EIO: 'an input/output error of the disk',
  EFBIG: 'the file is too large for the file system',
};

/** The media folder could not be written; the message names the cause (never a path of a secret). */
export class MediaFolderWriteError extends Error {
  constructor(readonly code: string) {
    super(`The server's media folder cannot be written: ${WRITE_FAILURES[code] ?? code} (${code}).`);
    this.name = 'MediaFolderWriteError';
  }
}

/** A MediaFolderWriteError for a failed write, or null when the error is something else. */
export function mediaWriteFailure(error: unknown): MediaFolderWriteError | null {
  if (error instanceof MediaFolderWriteError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && code in WRITE_FAILURES ? new MediaFolderWriteError(code) : null;
}

/**
 * The media folder (reference-server.md, Storage): kept files live under `files/<file_id>/`.
 * Paths stored in the database are relative to the folder so a data directory can be moved.
 */
export class MediaFolder {
  readonly root: string;
  readonly fs: MediaFs;
  readonly #temporary: boolean;

  private constructor(root: string, temporary: boolean, fs: MediaFs) {
    this.root = resolve(root);
    this.#temporary = temporary;
    this.fs = fs;
    mkdirSync(join(this.root, 'files'), { recursive: true });
  }

  static at(root: string, fs: MediaFs = NODE_MEDIA_FS): MediaFolder {
    return new MediaFolder(root, false, fs);
  }

  /** `--memory`: a temporary folder removed on close. */
  static temporary(fs: MediaFs = NODE_MEDIA_FS): MediaFolder {
    return new MediaFolder(mkdtempSync(join(tmpdir(), 'socialpub-media-')), true, fs);
  }

  /** Absolute path of a stored relative path; refuses anything that would leave the folder. */
  pathOf(relative: string): string {
    const full = resolve(this.root, relative);
    if (!full.startsWith(this.root + sep)) throw new Error('Path leaves the media folder.');
    return full;
  }

  /** Writes a kept file and returns its relative storage path; a failed write throws MediaFolderWriteError. */
  writeKeptFile(fileId: string, bytes: Uint8Array): string {
    const relative = join('files', fileId, 'content');
    const full = this.pathOf(relative);
    try {
      mkdirSync(join(this.root, 'files', fileId), { recursive: true });
      this.fs.writeFileSync(full, bytes);
    } catch (error) {
      rmSync(join(this.root, 'files', fileId), { recursive: true, force: true });
      throw mediaWriteFailure(error) ?? error;
    }
    return relative;
  }

  close(): void {
    if (this.#temporary) rmSync(this.root, { recursive: true, force: true });
  }
}
