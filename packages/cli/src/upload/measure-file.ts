import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { contentMismatch, SNIFF_BYTES } from '@socialpub/core';

/** What an upload link asks for, plus what tells a changed file apart ("POST /media/uploads", Steps). */
export interface MeasuredFile {
  path: string;
  fileName: string;
  size: number;
  mtimeMs: number;
  sha256: string;
}

export type MeasureProblem = 'missing' | 'not_a_file' | 'empty' | 'content' | 'changed';

export class MeasureError extends Error {
  override name = 'MeasureError';
  constructor(
    readonly problem: MeasureProblem,
    message: string,
  ) {
    super(message);
  }
}

/** Bytes read at a time while hashing. */
const HASH_READ_BYTES = 1024 * 1024;

/**
 * One buffer, read into again and again: a read stream's fresh 64 KiB buffer per read costs more
 * CPU and leaves the allocator holding tens of megabytes after a large file.
 */
async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafeSlow(HASH_READ_BYTES);
  const handle = await open(path, 'r');
  try {
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/** Size and mtime only: a cheap check that the file did not change while it was being sent. */
export async function fileStamp(path: string): Promise<{ size: number; mtimeMs: number } | undefined> {
  try {
    const info = await stat(path);
    return { size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    return undefined;
  }
}

/** The first bytes, which say what the file really is (core's sniffing rule). */
async function headOf(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Size, SHA-256 and what the link needs, after the checks that need no service: a missing, empty
 * or wrong file (first bytes not what its name says) is refused before anything is sent.
 */
export async function measureFile(givenPath: string): Promise<MeasuredFile> {
  const path = resolve(givenPath);
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    throw new MeasureError('missing', `File not found: ${givenPath}. Nothing was sent; check the path.`);
  }
  if (!info.isFile()) {
    throw new MeasureError(
      'not_a_file',
      `Not a file: ${givenPath}. Nothing was sent; give the path of a file.`,
    );
  }
  if (info.size === 0) {
    throw new MeasureError(
      'empty',
      `The file is empty: ${givenPath}. Nothing was sent; an upload needs at least one byte.`,
    );
  }
  const wrong = contentMismatch(basename(path), await headOf(path));
  if (wrong !== null) throw new MeasureError('content', `${wrong} Nothing was sent.`);
  const sha256 = await sha256OfFile(path);
  const after = await fileStamp(path);
  if (after === undefined || after.size !== info.size || after.mtimeMs !== info.mtimeMs) {
    throw new MeasureError(
      'changed',
      `The file changed while it was measured: ${givenPath}. Nothing was sent; run the same command again once it stops changing.`,
    );
  }
  return { path, fileName: basename(path), size: info.size, mtimeMs: info.mtimeMs, sha256 };
}
