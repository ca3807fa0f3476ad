import { readStoredConfig } from './config-file.js';

/** The global flags every command accepts (set on the root program). */
export interface GlobalFlags {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  /** Seconds per request attempt. */
  timeout?: string | undefined;
  maxRetries?: string | undefined;
  json?: boolean | undefined;
}

export type ConfigSource = 'flag' | 'env' | 'file' | 'default';

export interface ResolvedConfig {
  apiKey: string | undefined;
  apiKeySource: ConfigSource;
  baseUrl: string | undefined;
  baseUrlSource: ConfigSource;
  timeoutMs: number | undefined;
  maxRetries: number | undefined;
}

class ConfigError extends Error {
  override name = 'ConfigError';
}

function given(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function pick(
  flag: string | undefined,
  env: string | undefined,
  file: string | undefined,
): { value: string | undefined; source: ConfigSource } {
  if (given(flag) !== undefined) return { value: given(flag), source: 'flag' };
  if (given(env) !== undefined) return { value: given(env), source: 'env' };
  if (given(file) !== undefined) return { value: given(file), source: 'file' };
  return { value: undefined, source: 'default' };
}

/** Seconds on the command line, milliseconds for the SDK; the service answers within about 25 s. */
function parseTimeoutSeconds(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new ConfigError(`--timeout must be a number of seconds above 0, not "${raw}".`);
  }
  return Math.round(seconds * 1000);
}

/** The SDK resends only what rule 7 of "When to send a request again" allows; 0 turns that off. */
function parseMaxRetries(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`--max-retries must be a whole number, not "${raw}".`);
  return Number(raw);
}

/** Precedence: flag > environment (`SOCIALPUB_API_KEY`, `SOCIALPUB_BASE_URL`) > the `login` file. */
export async function resolveConfig(
  flags: GlobalFlags,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<ResolvedConfig> {
  const stored = await readStoredConfig();
  const apiKey = pick(flags.apiKey, env['SOCIALPUB_API_KEY'], stored.api_key);
  const baseUrl = pick(flags.baseUrl, env['SOCIALPUB_BASE_URL'], stored.base_url);
  return {
    apiKey: apiKey.value,
    apiKeySource: apiKey.source,
    baseUrl: baseUrl.value,
    baseUrlSource: baseUrl.source,
    timeoutMs: parseTimeoutSeconds(flags.timeout),
    maxRetries: parseMaxRetries(flags.maxRetries),
  };
}
