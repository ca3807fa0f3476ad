import { uploadStatePath } from '../config/config-dir.js';
import { readJsonFile, writePrivateJson } from '../config/private-file.js';
import type { MeasuredFile } from './measure-file.js';

/** The link a file is being sent through, kept so a second run (after exit 3) continues it. */
export interface SavedUpload {
  file_id: string;
  url: string;
  /** The upload token: a secret for this one file, kept in the 0600 file like the API key. */
  token: string;
  token_expires_at: string | undefined;
  saved_at: string;
}

type StateFile = Record<string, SavedUpload>;

/** A file is the same file only with the same path, size, mtime and SHA-256. */
function uploadKeyOf(file: MeasuredFile): string {
  return `${file.path}|${file.size}|${Math.trunc(file.mtimeMs)}|${file.sha256}`;
}

async function readState(path: string): Promise<StateFile> {
  const value = await readJsonFile(path);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as StateFile) : {};
}

export async function loadSavedUpload(
  file: MeasuredFile,
  path: string = uploadStatePath(),
): Promise<SavedUpload | undefined> {
  const saved = (await readState(path))[uploadKeyOf(file)];
  return saved && typeof saved.file_id === 'string' && typeof saved.url === 'string' ? saved : undefined;
}

export async function saveUpload(
  file: MeasuredFile,
  upload: SavedUpload,
  path: string = uploadStatePath(),
): Promise<void> {
  const state = await readState(path);
  state[uploadKeyOf(file)] = upload;
  await writePrivateJson(path, state);
}

export async function forgetUpload(file: MeasuredFile, path: string = uploadStatePath()): Promise<void> {
  const state = await readState(path);
  if (!(uploadKeyOf(file) in state)) return;
  delete state[uploadKeyOf(file)];
  await writePrivateJson(path, state);
}
