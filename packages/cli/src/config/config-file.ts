import { configFilePath } from './config-dir.js';
import { readJsonFile, removeFile, writePrivateJson } from './private-file.js';

/** What `socialpub login` stores. */
export interface StoredConfig {
  api_key?: string;
  base_url?: string;
  saved_at?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function readStoredConfig(path: string = configFilePath()): Promise<StoredConfig> {
  const value = await readJsonFile(path);
  if (!isRecord(value)) return {};
  const stored: StoredConfig = {};
  if (typeof value['api_key'] === 'string') stored.api_key = value['api_key'];
  if (typeof value['base_url'] === 'string') stored.base_url = value['base_url'];
  if (typeof value['saved_at'] === 'string') stored.saved_at = value['saved_at'];
  return stored;
}

export async function writeStoredConfig(
  config: StoredConfig,
  path: string = configFilePath(),
): Promise<void> {
  await writePrivateJson(path, config);
}

/** Answers whether a file was there to remove. */
export function removeStoredConfig(path: string = configFilePath()): Promise<boolean> {
  return removeFile(path);
}
