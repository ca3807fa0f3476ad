import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type AcceptedMime, acceptedMimeFor, SNIFF_BYTES, sniffMediaType } from '@socialpub/core';
import { type MediaFolder, mediaWriteFailure } from '../../files/media-folder.js';
import type { ImportAllowList } from './address-policy.js';
import { SourceFetchError, safeRequest, UnsafeAddressError } from './safe-fetch.js';

/**
 * The import's download: streamed to the media folder (never held in memory), measured and hashed
 * on the way. It fails when the source breaks off, sends more than the limit, sends a size other
 * than the one it declared, or first bytes that contradict the type the checks found.
 */
export type DownloadFailureKind =
  | 'broke_off'
  | 'too_large'
  | 'size_mismatch'
  | 'wrong_type'
  | 'unavailable'
  /** The media folder could not be written (disk full, permissions): the server's fault. */
  | 'storage';

export class DownloadFailure extends Error {
  constructor(
    readonly kind: DownloadFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'DownloadFailure';
  }
}

export interface DownloadRequest {
  fileId: string;
  url: URL;
  mime: AcceptedMime;
  /** Declared size; the file must have exactly this many bytes when known. */
  expectedSize: number | null;
  maxBytes: number;
  allow: ImportAllowList;
  /** Real milliseconds for the answer to start and between two pieces of the body. */
  idleTimeoutMs: number;
  folder: MediaFolder;
  signal: AbortSignal;
  onProgress(bytes: number): void;
}

export interface DownloadResult {
  size: number;
  sha256: string;
  storagePath: string;
}

/**
 * MP4 and MOV are both ISO media files and hosts label them loosely, so either name agrees with
 * either; every other accepted type must match exactly (decision: the document says only that
 * first bytes are checked).
 */
function sameFamily(a: AcceptedMime, b: AcceptedMime): boolean {
  const iso = new Set<AcceptedMime>(['video/mp4', 'video/quicktime']);
  return a === b || (iso.has(a) && iso.has(b));
}

class MeasuringStream extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  #head: Buffer[] = [];
  #headBytes = 0;
  #checked = false;

  constructor(private readonly request: DownloadRequest) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.byteLength;
    const { expectedSize, maxBytes } = this.request;
    if (this.bytes > maxBytes) {
      done(new DownloadFailure('too_large', `The file is larger than ${maxBytes} bytes.`));
      return;
    }
    if (expectedSize !== null && this.bytes > expectedSize) {
      done(
        new DownloadFailure(
          'size_mismatch',
          `The source sent more than the ${expectedSize} bytes it announced.`,
        ),
      );
      return;
    }
    if (!this.#checked) {
      this.#head.push(chunk);
      this.#headBytes += chunk.byteLength;
      if (this.#headBytes >= SNIFF_BYTES) {
        const problem = this.checkFirstBytes();
        if (problem) {
          done(problem);
          return;
        }
      }
    }
    this.hash.update(chunk);
    this.request.onProgress(this.bytes);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    const { expectedSize } = this.request;
    const problem = this.#checked ? null : this.checkFirstBytes();
    if (problem) done(problem);
    else if (expectedSize !== null && this.bytes !== expectedSize) {
      done(
        new DownloadFailure(
          'size_mismatch',
          `The source sent ${this.bytes} bytes, not the ${expectedSize} it announced.`,
        ),
      );
    } else done();
  }

  private checkFirstBytes(): DownloadFailure | null {
    this.#checked = true;
    const head = new Uint8Array(Buffer.concat(this.#head)).subarray(0, SNIFF_BYTES);
    this.#head = [];
    const sniffed = sniffMediaType(head);
    const found = sniffed ? acceptedMimeFor(sniffed.mime) : null;
    if (found && sameFamily(found, this.request.mime)) return null;
    return new DownloadFailure(
      'wrong_type',
      `The first bytes are ${sniffed ? `a ${sniffed.label} file` : 'not recognised'}, not the ${this.request.mime} the source announced.`,
    );
  }
}

export async function downloadToFolder(request: DownloadRequest): Promise<DownloadResult> {
  const storagePath = join('files', request.fileId, 'content');
  const target = request.folder.pathOf(storagePath);
  const partial = `${target}.part`;
  const { fs } = request.folder;
  const measuring = new MeasuringStream(request);
  try {
    await fs.mkdir(dirname(target), { recursive: true });
    const answer = await safeRequest(request.url, {
      allow: request.allow,
      timeoutMs: request.idleTimeoutMs,
      method: 'GET',
      signal: request.signal,
    });
    if (answer.status < 200 || answer.status >= 300) {
      answer.body.resume();
      throw new DownloadFailure('unavailable', `The source answered ${answer.status} to the download.`);
    }
    answer.body.setTimeout(request.idleTimeoutMs, () =>
      answer.body.destroy(new DownloadFailure('broke_off', 'The source stopped sending.')),
    );
    await pipeline(answer.body, measuring, fs.createWriteStream(partial), { signal: request.signal });
    await fs.rename(partial, target);
    return { size: measuring.bytes, sha256: measuring.hash.digest('hex'), storagePath };
  } catch (error) {
    await rm(dirname(target), { recursive: true, force: true });
    if (error instanceof DownloadFailure) throw error;
    const storage = mediaWriteFailure(error);
    if (storage)
      throw new DownloadFailure('storage', `${storage.message} Nothing was imported; try again later.`);
    if (error instanceof SourceFetchError || error instanceof UnsafeAddressError) {
      throw new DownloadFailure('unavailable', error.message);
    }
    throw new DownloadFailure(
      'broke_off',
      `The source broke off after ${measuring.bytes} bytes; import the file again.`,
    );
  }
}
