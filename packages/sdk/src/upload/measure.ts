import { contentMismatch, Sha256, SNIFF_BYTES } from '@socialpub/core';
import { SocialPubError, UploadFileError } from '../errors.js';
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

/** A measured file with its first bytes, which decide whether it is what its name says. */
type Measured = MeasuredFile & { head: Uint8Array };

/** Keeps the first SNIFF_BYTES of what passes through it. */
class FirstBytes {
  #kept = new Uint8Array(SNIFF_BYTES);
  #length = 0;
  add(chunk: Uint8Array): void {
    if (this.#length >= SNIFF_BYTES) return;
    const take = chunk.subarray(0, SNIFF_BYTES - this.#length);
    this.#kept.set(take, this.#length);
    this.#length += take.length;
  }
  get bytes(): Uint8Array {
    return this.#kept.subarray(0, this.#length);
  }
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

/** The path as a file to read, or the refusal naming it: missing, or a folder (nothing read yet). */
async function checkPath(path: string): Promise<void> {
  const { stat } = await import('node:fs/promises');
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    throw new UploadFileError(`File not found: ${path}. Nothing was sent; check the path.`, 'missing', path);
  }
  if (!info.isFile()) {
    throw new UploadFileError(
      `Not a file: ${path}. Nothing was sent; give the path of a file.`,
      'not_a_file',
      path,
    );
  }
}

/** The first bytes of a file on disk, read before hashing so a wrong file is refused at once. */
async function headOf(path: string): Promise<Uint8Array> {
  const { open } = await import('node:fs/promises');
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function measurePath(path: string, fileName: string | undefined): Promise<Measured> {
  await checkPath(path);
  const name = fileName ?? baseName(path);
  const head = await headOf(path);
  const early = head.length > 0 ? mismatch({ fileName: name, head }, path) : undefined;
  if (early) throw early;
  const { createReadStream } = await import('node:fs');
  const hasher = await newHasher();
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Uint8Array>) {
    hasher.update(chunk);
    size += chunk.length;
  }
  return {
    head,
    fileName: name,
    size,
    sha256: hasher.hex(),
    openSlices: () => pathSlices(path, size),
    cleanup: async () => undefined,
  };
}

async function measureBlob(blob: Blob, fileName: string | undefined): Promise<Measured> {
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
    head: new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer()),
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
): Promise<Measured> {
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
    const head = new FirstBytes();
    let size = 0;
    for await (const chunk of chunksOf(stream)) {
      hasher.update(chunk);
      head.add(chunk);
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
      head: head.bytes,
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

function measureAny(source: UploadSource, options: UploadMediaOptions): Promise<Measured> {
  if (typeof source === 'string') {
    if (!isNode()) throw new SocialPubError('A file path can only be uploaded from Node.js.');
    return measurePath(source, options.fileName);
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) return measureBlob(source, options.fileName);
  return measureStream(source as ReadableStream<Uint8Array> | NodeReadableLike, options);
}

/**
 * Size, SHA-256 and first bytes, then the checks that need no service: an empty file, or one whose
 * first bytes are not what its name says (core's rule, the server's own), is refused before any byte
 * is sent, in words that name it.
 */
export async function measureFile(source: UploadSource, options: UploadMediaOptions): Promise<MeasuredFile> {
  const measured = await measureAny(source, options);
  const path = typeof source === 'string' ? source : undefined;
  const named = path ?? measured.fileName;
  const problem =
    measured.size === 0
      ? new UploadFileError(
          `The file is empty: ${named}. Nothing was sent; an upload needs at least one byte.`,
          'empty',
          path,
        )
      : mismatch(measured, path);
  if (problem) {
    await measured.cleanup();
    throw problem;
  }
  return measured;
}

function mismatch(
  measured: Pick<Measured, 'fileName' | 'head'>,
  path: string | undefined,
): UploadFileError | undefined {
  const found = contentMismatch(measured.fileName, measured.head);
  if (found === null) return undefined;
  const from = path === undefined ? '' : ` from ${path}`;
  return new UploadFileError(`${found} Nothing was sent${from}.`, 'content', path);
}
