import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * `@socialpub/sdk/config`: the file `socialpub login` writes (`{api_key, base_url, saved_at}`), found
 * and read in one place for every tool configured like the CLI (the CLI and the local MCP server
 * `socialpub-mcp`). Node only, so it is its own entry and the client still bundles for browsers.
 */
export interface StoredConfig {
  api_key?: string;
  base_url?: string;
  saved_at?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * The user's config folder for socialpub: `SOCIALPUB_CONFIG_DIR` (tests, sandboxes) as is, else
 * `%APPDATA%\socialpub` on Windows, else `$XDG_CONFIG_HOME/socialpub`, else `~/.config/socialpub`.
 */
export function configDir(env: Env = process.env, platform: NodeJS.Platform = process.platform): string {
  const override = nonEmpty(env['SOCIALPUB_CONFIG_DIR']);
  if (override !== undefined) return override;
  if (platform === 'win32') {
    return join(nonEmpty(env['APPDATA']) ?? join(homedir(), 'AppData', 'Roaming'), 'socialpub');
  }
  return join(nonEmpty(env['XDG_CONFIG_HOME']) ?? join(homedir(), '.config'), 'socialpub');
}

export function configFilePath(env: Env = process.env): string {
  return join(configDir(env), 'config.json');
}

/** The stored settings; `{}` when the file is missing or is not a JSON object. */
export async function readStoredConfig(path: string = configFilePath()): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  const stored: StoredConfig = {};
  if (typeof record['api_key'] === 'string') stored.api_key = record['api_key'];
  if (typeof record['base_url'] === 'string') stored.base_url = record['base_url'];
  if (typeof record['saved_at'] === 'string') stored.saved_at = record['saved_at'];
  return stored;
}
