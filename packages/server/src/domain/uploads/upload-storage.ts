import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaFolder } from '../../files/media-folder.js';

interface LiveHash {
  hash: Hash;
  /** Bytes the hash has seen; equals the stored offset while the process lives. */
  offset: number;
}

/** Gathered while the previous write runs, then written in one `writev` (large sequential writes). */
const WRITE_BUFFER_BYTES = 1024 * 1024;
/** A PATCH longer than this persists its offset on the way, so a crash costs at most this much resending. */
const CHECKPOINT_BYTES = 64 * 1024 * 1024;

export interface AppendResult {
  offset: number;
  /** The body went past Upload-Length; what fitted was kept. */
  overflow: boolean;
  /** The client broke off mid-body; everything that arrived is on disk and counted in `offset`. */
  broken: boolean;
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
    // Writes go through the folder's fs layer (files/media-folder.ts), where disk faults are named.
    await this.#folder.fs.mkdir(join(this.#folder.root, 'uploads'), { recursive: true });
    const handle = await this.#folder.fs.open(this.partPath(fileId), 'a');
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
   * Appends the body at `offset`, never past `limit` bytes, through one write stream: pieces are
   * hashed as they pass and reach the disk in large sequential writes (up to `WRITE_BUFFER_BYTES`
   * gathered while the previous write runs); the stream's high-water mark holds the socket back, so
   * a chunk is never buffered whole. The stored offset is the caller's to persist, through
   * `onStored`: every `CHECKPOINT_BYTES` of a long PATCH and once at its end (also when the body
   * breaks off: the bytes written by then are kept). Only bytes already written are ever reported,
   * so a crash can leave the file longer than the stored offset, never shorter; the next PATCH cuts
   * it back and the hash is rebuilt from disk up to the stored offset.
   */
  async append(
    fileId: string,
    offset: number,
    limit: number,
    body: AsyncIterable<Uint8Array>,
    onStored: (offset: number) => void,
  ): Promise<AppendResult> {
    const live = await this.hashAt(fileId, offset);
    // A crash between a write and its offset update can leave bytes past the stored offset.
    const onDisk = await this.sizeOnDisk(fileId);
    if (onDisk !== null && onDisk > offset) await this.#folder.fs.truncate(this.partPath(fileId), offset);
    const out = this.#folder.fs.createWriteStream(this.partPath(fileId), {
      flags: onDisk === null ? 'w' : 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    // The hash runs ahead of the disk by what the stream buffers: nobody may take it meanwhile.
    live.offset = Number.NaN;
    let hashed = offset;
    let overflow = false;
    let checkpoint = offset + CHECKPOINT_BYTES;
    let broken = false;
    async function* limited(): AsyncGenerator<Uint8Array> {
      try {
        for await (const piece of body) {
          const room = limit - hashed;
          const part = piece.byteLength > room ? piece.subarray(0, room) : piece;
          if (part.byteLength > 0) {
            live.hash.update(part);
            hashed += part.byteLength;
            yield part;
          }
          if (part.byteLength < piece.byteLength) {
            overflow = true;
            return;
          }
          const written = offset + out.bytesWritten;
          if (written >= checkpoint) {
            onStored(written);
            checkpoint = written + CHECKPOINT_BYTES;
          }
        }
      } catch {
        // The client broke off mid-piece. Ending normally lets the write stream flush what it
        // still buffers (up to 1 MiB); an error here would destroy the stream and drop those bytes,
        // so a flaky client would resend them. The running hash stays valid for the next PATCH.
        broken = true;
      }
    }
    try {
      await pipeline(limited(), out);
    } catch (error) {
      if (!out.closed) await once(out, 'close').catch(() => {});
      this.forget(fileId);
      onStored(offset + out.bytesWritten);
      throw error;
    }
    live.offset = hashed;
    this.#live.set(fileId, live);
    onStored(hashed);
    return { offset: hashed, overflow, broken };
  }

  /** Cuts the part file back to `offset`; the running hash is rebuilt from disk when next needed. */
  async truncateTo(fileId: string, offset: number): Promise<void> {
    this.forget(fileId);
    await this.#folder.fs.truncate(this.partPath(fileId), offset);
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
    await this.#folder.fs.mkdir(join(this.#folder.root, 'files', fileId), { recursive: true });
    await this.#folder.fs.rename(this.partPath(fileId), this.#folder.pathOf(relative));
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
