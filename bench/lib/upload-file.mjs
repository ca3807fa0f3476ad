import { createHash, randomFillSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TMP = fileURLToPath(new URL('../.tmp/', import.meta.url));
const BLOCK = 16 * 1024 * 1024;

/** An MP4 `ftyp` box (isom) and an empty `free` box, so the server's type sniffing accepts the file. */
export function mp4Header() {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
  ]);
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), Buffer.from('free')]);
}

/**
 * The upload test file (`bench/.tmp/upload-<MB>mb.mp4`, gitignored): an MP4 header then random
 * bytes, generated once and reused, with its SHA-256 kept next to it. `megabytes` are MiB.
 */
export async function ensureUploadFile(megabytes) {
  mkdirSync(TMP, { recursive: true });
  const path = `${TMP}upload-${megabytes}mb.mp4`;
  const size = megabytes * 1024 * 1024;
  const shaPath = `${path}.sha256`;
  if (existsSync(path) && existsSync(shaPath) && statSync(path).size === size) {
    return { path, size, sha256: readFileSync(shaPath, 'utf8').trim(), generated: false };
  }
  const hash = createHash('sha256');
  const handle = await open(path, 'w');
  try {
    const block = Buffer.alloc(BLOCK);
    let written = 0;
    while (written < size) {
      const length = Math.min(BLOCK, size - written);
      randomFillSync(block, 0, length);
      if (written === 0) mp4Header().copy(block);
      const piece = block.subarray(0, length);
      await handle.write(piece, 0, length, written);
      hash.update(piece);
      written += length;
    }
  } finally {
    await handle.close();
  }
  const sha256 = hash.digest('hex');
  writeFileSync(shaPath, `${sha256}\n`);
  return { path, size, sha256, generated: true };
}

/**
 * A sparse MP4-looking file of `megabytes` MiB under a new folder in the system's temp folder (its
 * header, then zeros the file system does not store): for a run that needs a very large file once.
 * Returns its path and a `remove()` for the folder.
 */
export async function sparseUploadFile(megabytes) {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-bench-sparse-'));
  const path = join(dir, `sparse-${megabytes}mb.mp4`);
  const size = megabytes * 1024 * 1024;
  const handle = await open(path, 'w');
  try {
    await handle.write(mp4Header(), 0);
    await handle.truncate(size);
  } finally {
    await handle.close();
  }
  return { path, size, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
