import type { StoredConfig } from '@socialpub/sdk/config';
import { configFilePath } from './config-dir.js';
import { removeFile, writePrivateJson } from './private-file.js';

// Reading the login file is the SDK's (`@socialpub/sdk/config`), shared with `socialpub-mcp`.
export { readStoredConfig, type StoredConfig } from '@socialpub/sdk/config';

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
