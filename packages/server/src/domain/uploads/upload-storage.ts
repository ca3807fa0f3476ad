import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaFolder } from '../../files/media-folder.js';

interface LiveHash {
  hash: Hash;
  /** Bytes the hash has seen; equals the stored offset while the process lives. */
  offset: number;
}

export interface AppendResult {
  offset: number;
  /** The body went past Upload-Length; what fitted was kept. */
  overflow: boolean;
}

/**
 * The bytes of open uploads (`uploads/<file_id>.part` in the media folder) and their SHA-256, kept
 * incremental so that complete answers at once even for a 5 GB file. node:crypto hashes cannot be
 * serialised, so the running hash lives in memory per upload; after a restart it is recomputed from
 * the bytes on disk up to the stored offset, once, on the first HEAD, PATCH or complete
 * (reference-server.md: an interrupted upload resumes from its stored offset after restart).
 */
export class UploadStorage {
  readonly #folder: MediaFolder;
  readonly #live = new Map<string, LiveHash>();
  readonly #recomputing = new Map<string, Promise<LiveHash>>();
  readonly #writers = new Set<string>();

  constructor(folder: MediaFolder) {
    this.#folder = folder;
  }

  relativePartPath(fileId: string): string {
    return join('uploads', `${fileId}.part`);
  }

  partPath(fileId: string): string {
    return this.#folder.pathOf(this.relativePartPath(fileId));
  }

  async create(fileId: string): Promise<void> {
    await mkdir(join(this.#folder.root, 'uploads'), { recursive: true });
    const handle = await open(this.partPath(fileId), 'a');
    await handle.close();
    this.#live.set(fileId, { hash: createHash('sha256'), offset: 0 });
  }

  /** Size on disk, or null when the part file is gone. */
  async sizeOnDisk(fileId: string): Promise<number | null> {
    try {
      return (await stat(this.partPath(fileId))).size;
    } catch {
      return null;
    }
  }

  /** Only one writer at a time per upload (a second PATCH answers 423). */
  tryLock(fileId: string): boolean {
    if (this.#writers.has(fileId)) return false;
    this.#writers.add(fileId);
    return true;
  }

  unlock(fileId: string): void {
    this.#writers.delete(fileId);
  }

  isLocked(fileId: string): boolean {
    return this.#writers.has(fileId);
  }

  /** The hash of the first `offset` bytes, live or recomputed from disk (shared by concurrent callers). */
  hashAt(fileId: string, offset: number): Promise<LiveHash> {
    const live = this.#live.get(fileId);
    if (live && live.offset === offset) return Promise.resolve(live);
    const running = this.#recomputing.get(fileId);
    if (running) return running;
    const work = this.#recompute(fileId, offset).finally(() => this.#recomputing.delete(fileId));
    this.#recomputing.set(fileId, work);
    return work;
  }

  /** The finished digest when the live hash has seen exactly `size` bytes; null otherwise. */
  digestIfReady(fileId: string, size: number): string | null {
    const live = this.#live.get(fileId);
    return live && live.offset === size ? live.hash.copy().digest('hex') : null;
  }

  async #recompute(fileId: string, offset: number): Promise<LiveHash> {
    const hash = createHash('sha256');
    if (offset > 0) {
      const stream = createReadStream(this.partPath(fileId), { start: 0, end: offset - 1 });
      for await (const chunk of stream) hash.update(chunk as Buffer);
    }
    const live = { hash, offset };
    this.#live.set(fileId, live);
    return live;
  }

  /**
   * Appends the body at `offset`, never past `limit` bytes. Each piece is written at its position,
   * then hashed, then reported, so the stored offset, the bytes on disk and the hash move together;
   * awaiting each write before reading on keeps a slow disk from buffering a whole chunk in memory.
   */
  async append(
    fileId: string,
    offset: number,
    limit: number,
    body: AsyncIterable<Uint8Array>,
    onWritten: (offset: number) => void,
  ): Promise<AppendResult> {
    const live = await this.hashAt(fileId, offset);
    // A crash between a write and its offset update can leave bytes past the stored offset.
    const onDisk = await this.sizeOnDisk(fileId);
    if (onDisk !== null && onDisk > offset) await truncate(this.partPath(fileId), offset);
    const handle = await open(this.partPath(fileId), onDisk === null ? 'w' : 'r+');
    let position = offset;
    let overflow = false;
    try {
      for await (const piece of body) {
        if (piece.byteLength === 0) continue;
        const room = limit - position;
        const part = piece.byteLength > room ? piece.subarray(0, room) : piece;
        if (part.byteLength > 0) {
          await handle.write(part, 0, part.byteLength, position);
          live.hash.update(part);
          position += part.byteLength;
          live.offset = position;
          onWritten(position);
        }
        if (part.byteLength < piece.byteLength) {
          overflow = true;
          break;
        }
      }
    } finally {
      await handle.close();
    }
    return { offset: position, overflow };
  }

  /** Cuts the part file back to `offset`; the running hash is rebuilt from disk when next needed. */
  async truncateTo(fileId: string, offset: number): Promise<void> {
    this.forget(fileId);
    await truncate(this.partPath(fileId), offset);
  }

  async readHead(fileId: string, bytes: number): Promise<Uint8Array> {
    const handle = await open(this.partPath(fileId), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** Moves a checked file to the kept files (`files/<id>/content`) and returns its relative path. */
  async keep(fileId: string): Promise<string> {
    const relative = join('files', fileId, 'content');
    await mkdir(join(this.#folder.root, 'files', fileId), { recursive: true });
    await rename(this.partPath(fileId), this.#folder.pathOf(relative));
    this.forget(fileId);
    return relative;
  }

  async remove(fileId: string): Promise<void> {
    this.forget(fileId);
    await rm(this.partPath(fileId), { force: true });
  }

  forget(fileId: string): void {
    this.#live.delete(fileId);
  }
}
