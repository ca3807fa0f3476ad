import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UPLOADER_FILE_NAMES, UPLOADER_VERSION, type UploaderFileName } from '@socialpub/core';

export interface UploaderAsset {
  name: UploaderFileName;
  bytes: Buffer;
  sha256: string;
}

export interface UploaderAssets {
  version: string;
  files: ReadonlyMap<UploaderFileName, UploaderAsset>;
  /** `SHA256SUMS` in `sha256sum` format: `<hex>  <name>` per line. */
  checksums: string;
}

// The scripts ship in packages/server/assets/uploader/<version>/. This module runs from src/domain/uploads
// (tests, tsx) or from the bundled dist/ file, so both depths are tried.
const CANDIDATE_ROOTS = ['../../../assets/uploader/', '../assets/uploader/', '../../assets/uploader/'];

function assetFolder(version: string): string {
  for (const root of CANDIDATE_ROOTS) {
    const folder = fileURLToPath(new URL(`${root}${version}/`, import.meta.url));
    if (existsSync(`${folder}uploader.sh`)) return folder;
  }
  throw new Error(
    `The uploader ${version} scripts are missing (looked under ${CANDIDATE_ROOTS.join(', ')}).`,
  );
}

let loaded: UploaderAssets | null = null;

/**
 * Versioning: each uploader version "never changes once published, and is verified by SHA-256
 * before it runs", so the bytes are read once and their hashes computed once per process.
 */
export function uploaderAssets(): UploaderAssets {
  if (loaded) return loaded;
  const folder = assetFolder(UPLOADER_VERSION);
  const files = new Map<UploaderFileName, UploaderAsset>();
  for (const name of UPLOADER_FILE_NAMES) {
    const bytes = readFileSync(`${folder}${name}`);
    files.set(name, { name, bytes, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  const checksums = [...files.values()].map((file) => `${file.sha256}  ${file.name}\n`).join('');
  loaded = { version: UPLOADER_VERSION, files, checksums };
  return loaded;
}
