import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';

/**
 * The media folder (reference-server.md, Storage): kept files live under `files/<file_id>/`.
 * Paths stored in the database are relative to the folder so a data directory can be moved.
 */
export class MediaFolder {
  readonly root: string;
  readonly #temporary: boolean;

  private constructor(root: string, temporary: boolean) {
    this.root = resolve(root);
    this.#temporary = temporary;
    mkdirSync(join(this.root, 'files'), { recursive: true });
  }

  static at(root: string): MediaFolder {
    return new MediaFolder(root, false);
  }

  /** `--memory`: a temporary folder removed on close. */
  static temporary(): MediaFolder {
    return new MediaFolder(mkdtempSync(join(tmpdir(), 'socialpub-media-')), true);
  }

  /** Absolute path of a stored relative path; refuses anything that would leave the folder. */
  pathOf(relative: string): string {
    const full = resolve(this.root, relative);
    if (!full.startsWith(this.root + sep)) throw new Error('Path leaves the media folder.');
    return full;
  }

  /** Writes a kept file and returns its relative storage path. */
  writeKeptFile(fileId: string, bytes: Uint8Array): string {
    const relative = join('files', fileId, 'content');
    const full = this.pathOf(relative);
    mkdirSync(join(this.root, 'files', fileId), { recursive: true });
    writeFileSync(full, bytes);
    return relative;
  }

  close(): void {
    if (this.#temporary) rmSync(this.root, { recursive: true, force: true });
  }
}
