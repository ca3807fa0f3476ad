import { Sha256 } from '@socialpub/core';
import { SocialPubError } from '../errors.js';
import { blobSlices, pathSlices, type SliceSource } from './file-slices.js';
import type { NodeReadableLike, UploadMediaOptions, UploadSource } from './upload-types.js';

/** What an upload link asks for ("POST /media/uploads", Steps: measure size and SHA-256 first). */
export interface MeasuredFile {
  fileName: string;
  size: number;
  sha256: string;
  openSlices: () => Promise<SliceSource>;
  /** Removes the temporary copy a stream was spooled to. */
  cleanup: () => Promise<void>;
}

export const isNode = (): boolean =>
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';

interface Hasher {
  update(bytes: Uint8Array): void;
  hex(): string;
}

/** node:crypto where available (fast, native); the small incremental SHA-256 in browsers. */
async function newHasher(): Promise<Hasher> {
  if (!isNode()) return new Sha256();
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256');
  return { update: (bytes) => hash.update(bytes), hex: () => hash.digest('hex') };
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

async function measurePath(path: string, fileName: string | undefined): Promise<MeasuredFile> {
  const { createReadStream } = await import('node:fs');
  const hasher = await newHasher();
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Uint8Array>) {
    hasher.update(chunk);
    size += chunk.length;
  }
  return {
    fileName: fileName ?? baseName(path),
    size,
    sha256: hasher.hex(),
    openSlices: () => pathSlices(path, size),
    cleanup: async () => undefined,
  };
}

async function measureBlob(blob: Blob, fileName: string | undefined): Promise<MeasuredFile> {
  const name = fileName ?? (blob as Partial<File>).name;
  if (name === undefined || name === '')
    throw new SocialPubError('A Blob needs `fileName` (its extension decides the type).');
  const hasher = await newHasher();
  const reader = blob.stream().getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    hasher.update(value);
  }
  return {
    fileName: name,
    size: blob.size,
    sha256: hasher.hex(),
    openSlices: async () => blobSlices(blob),
    cleanup: async () => undefined,
  };
}

async function* chunksOf(stream: ReadableStream<Uint8Array> | NodeReadableLike): AsyncGenerator<Uint8Array> {
  if ('getReader' in stream) {
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
    yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
  }
}

/**
 * A stream can be read once, but the hash is needed before sending and tus must be able to resend
 * from any offset: it is spooled to a temporary file while hashed (never held in memory).
 */
async function measureStream(
  stream: ReadableStream<Uint8Array> | NodeReadableLike,
  options: UploadMediaOptions,
): Promise<MeasuredFile> {
  if (options.fileName === undefined) throw new SocialPubError('A stream needs `fileName`.');
  if (!isNode()) throw new SocialPubError('In a browser, pass a Blob or File instead of a stream.');
  const [{ mkdtemp, rm }, { createWriteStream }, { tmpdir }, { join }] = await Promise.all([
    import('node:fs/promises'),
    import('node:fs'),
    import('node:os'),
    import('node:path'),
  ]);
  const dir = await mkdtemp(join(tmpdir(), 'socialpub-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const path = join(dir, 'spool');
    const out = createWriteStream(path);
    const hasher = await newHasher();
    let size = 0;
    for await (const chunk of chunksOf(stream)) {
      hasher.update(chunk);
      size += chunk.length;
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    if (options.size !== undefined && options.size !== size) {
      throw new SocialPubError(`The stream gave ${size} bytes, not the announced ${options.size}.`);
    }
    return {
      fileName: options.fileName,
      size,
      sha256: hasher.hex(),
      openSlices: () => pathSlices(path, size),
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export function measureFile(source: UploadSource, options: UploadMediaOptions): Promise<MeasuredFile> {
  if (typeof source === 'string') {
    if (!isNode()) throw new SocialPubError('A file path can only be uploaded from Node.js.');
    return measurePath(source, options.fileName);
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) return measureBlob(source, options.fileName);
  return measureStream(source as ReadableStream<Uint8Array> | NodeReadableLike, options);
}
