import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** An ISO base media `ftyp` box with the `isom` brand: what the type checks read in the first bytes. */
const FTYP_BOX = Buffer.from([
  0x00, 0x00, 0x00, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x02, 0x00, 0x69, 0x73,
  0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32, 0x61, 0x76, 0x63, 0x31, 0x6d, 0x70, 0x34, 0x31,
]);

/** Random bytes after a valid MP4 `ftyp` header: passes the size, type and first-bytes checks. */
export function mp4Bytes(size: number): Buffer {
  const bytes = randomBytes(size);
  FTYP_BOX.copy(bytes, 0);
  return bytes;
}

/** A small real JPEG made with sharp. */
export function jpegBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface TempFile {
  path: string;
  bytes: Buffer;
  sha256: string;
  remove(): Promise<void>;
}

/** Writes `bytes` as `name` in a fresh temporary folder. */
export async function tempFile(name: string, bytes: Buffer): Promise<TempFile> {
  const folder = await mkdtemp(join(tmpdir(), 'socialpub-e2e-'));
  const path = join(folder, name);
  await writeFile(path, bytes);
  return { path, bytes, sha256: sha256Of(bytes), remove: () => rm(folder, { recursive: true, force: true }) };
}
