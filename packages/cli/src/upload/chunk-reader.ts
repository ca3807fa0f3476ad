import type { FileHandle } from 'node:fs/promises';

interface Ahead {
  offset: number;
  length: number;
  buffer: Buffer;
  /** Bytes read, or the read's error (kept, not thrown, so an unused read never goes unhandled). */
  read: Promise<number | Error>;
}

/**
 * The pieces of the file, from two buffers used in turn: while one piece is being sent, the next is
 * read into the other buffer, so the disk read never waits for the answer nor the socket for the disk.
 * Memory stays at two pieces whatever the file's size. A piece returned by `pieceAt` stays unchanged
 * until the following `pieceAt` call, which the caller makes only once its answer came.
 */
export class ChunkReader {
  readonly #buffers: [Buffer, Buffer];
  #ahead: Ahead | undefined;

  constructor(
    private readonly handle: FileHandle,
    private readonly chunkSize: number,
    private readonly size: number,
  ) {
    // Unzeroed: every byte sent is first overwritten by a read of exactly the piece's length.
    this.#buffers = [Buffer.allocUnsafeSlow(chunkSize), Buffer.allocUnsafeSlow(chunkSize)];
  }

  /** The piece at `offset`, or null when the file holds fewer bytes there than measured. */
  async pieceAt(offset: number): Promise<Uint8Array | null> {
    const length = Math.min(this.chunkSize, this.size - offset);
    const ahead = this.#ahead;
    this.#ahead = undefined;
    let buffer: Buffer;
    let read: number | Error;
    if (ahead && ahead.offset === offset && ahead.length === length) {
      buffer = ahead.buffer;
      read = await ahead.read;
    } else {
      // A resend from another offset: the read ahead is dropped once it stopped touching its buffer.
      if (ahead) await ahead.read;
      buffer = this.#buffers[0];
      read = await this.#read(buffer, length, offset);
    }
    if (read instanceof Error) throw read;
    if (read !== length) return null;
    const next = offset + length;
    if (next < this.size) {
      const other = buffer === this.#buffers[0] ? this.#buffers[1] : this.#buffers[0];
      const nextLength = Math.min(this.chunkSize, this.size - next);
      this.#ahead = {
        offset: next,
        length: nextLength,
        buffer: other,
        read: this.#read(other, nextLength, next),
      };
    }
    return buffer.subarray(0, length);
  }

  /** Waits for a read still under way, so the file can be closed. */
  async settle(): Promise<void> {
    if (this.#ahead) await this.#ahead.read;
    this.#ahead = undefined;
  }

  async #read(buffer: Buffer, length: number, offset: number): Promise<number | Error> {
    try {
      let done = 0;
      // A read may return fewer bytes than asked before the end of the file; only 0 means the end.
      while (done < length) {
        const { bytesRead } = await this.handle.read(buffer, done, length - done, offset + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return done;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }
}
