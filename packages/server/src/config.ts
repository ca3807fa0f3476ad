import { parseArgs } from 'node:util';
import { CLOCK_PAST_LATEST_MESSAGE } from '@socialpub/core';
import { type ClockMode, LATEST_CLOCK_MS } from './clocks/virtual-clock.js';
import { parseTeamSettings, TeamSettingError, type TeamSettings } from './config-team.js';
import { AllowListEntryError, parseImportAllow } from './domain/media/address-policy.js';
import { workFactorProblem } from './domain/passwords.js';

/** The server's own surface (reference-server.md, Addresses and Storage): flags win over env. */
export interface ServerConfig extends TeamSettings {
  /** Undefined (no --host, no SOCIALPUB_HOST): both loopbacks, 127.0.0.1 and [::1]. */
  host: string | undefined;
  port: number;
  dataDir: string;
  memory: boolean;
  clock: ClockMode;
  clockStart: Date | undefined;
  adminToken: string | undefined;
  publicUrl: string | undefined;
  storageUrl: string | undefined;
  /**
   * Hosts or CIDR ranges, each optionally with a port, that URL imports and media probes may reach
   * even though they are private (tests, sandboxes). Checked at start: an unreadable entry stops it.
   */
  importAllow: string[];
  /** scrypt's log2 N for dashboard passwords (domain/passwords.ts); the default when undefined. */
  passwordWorkFactor: number | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const USAGE = `Usage: socialpub-server [--host HOST] [--port 8787] [--data-dir ./.socialpub] [--memory]
       socialpub-server backup --data-dir DATA --to DIR
       socialpub-server restore --from DIR --data-dir DATA [--force]
       socialpub-server --help | --version

Without --host it listens on both loopbacks, 127.0.0.1 and [::1] (localhost); --host 127.0.0.1 on one.

Environment: SOCIALPUB_HOST, SOCIALPUB_PORT, SOCIALPUB_DATA_DIR, SOCIALPUB_CLOCK (system|virtual),
SOCIALPUB_CLOCK_START, SOCIALPUB_ADMIN_TOKEN, SOCIALPUB_PUBLIC_URL, SOCIALPUB_STORAGE_URL,
SOCIALPUB_IMPORT_ALLOW (comma-separated host, host:port, CIDR, CIDR:port, [IPv6]:port),
SOCIALPUB_PASSWORD_WORK_FACTOR (10 to 16, default 14),
SOCIALPUB_TRUST_PROXY (a hop count, or comma-separated addresses and CIDR ranges of your proxies),
SOCIALPUB_DEMO (on|off), SOCIALPUB_SIGNUP (open|closed), SOCIALPUB_ADMIN_LISTEN (127.0.0.1:8788),
SOCIALPUB_LOG (off|json). docs/team-server.md, "Running it for a team", explains each.`;

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`Port must be an integer from 0 to 65535, got "${raw}".`);
  }
  return port;
}

function parseUrl(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${raw}".`);
  }
  if (name === 'SOCIALPUB_PUBLIC_URL' && (url.pathname !== '/' || url.search !== '' || url.hash !== '')) {
    throw new ConfigError(
      `SOCIALPUB_PUBLIC_URL must be an origin without a path, got "${raw}": the server answers at the root of its name (OAuth discovery, the dashboard and upload links all start there). Give it a host name or port of its own, e.g. https://socialpub.example.com.`,
    );
  }
  return url.toString().replace(/\/+$/, '');
}

function parseClockMode(raw: string | undefined): ClockMode {
  const value = (raw ?? 'system').trim().toLowerCase();
  if (value !== 'system' && value !== 'virtual') {
    throw new ConfigError(`SOCIALPUB_CLOCK must be "system" or "virtual", got "${raw}".`);
  }
  return value;
}

function parseClockStart(raw: string | undefined): Date | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  // A start without a zone would depend on the machine's time zone; the API refuses those too.
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(raw.trim())) {
    throw new ConfigError(`SOCIALPUB_CLOCK_START must be an ISO 8601 time with a zone, got "${raw}".`);
  }
  const date = new Date(raw.trim());
  if (Number.isNaN(date.getTime()))
    throw new ConfigError(`SOCIALPUB_CLOCK_START is not a readable time: "${raw}".`);
  if (date.getTime() > LATEST_CLOCK_MS)
    throw new ConfigError(`SOCIALPUB_CLOCK_START: ${CLOCK_PAST_LATEST_MESSAGE}`);
  return date;
}

export function parseConfig(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig & { help: boolean; version: boolean } {
  let values: {
    host?: string;
    port?: string;
    'data-dir'?: string;
    memory?: boolean;
    help?: boolean;
    version?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        memory: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n${USAGE}`);
  }
  const host = (values.host ?? env.SOCIALPUB_HOST)?.trim();
  if (host === '') throw new ConfigError('Host must not be empty.');
  const clockMode = parseClockMode(env.SOCIALPUB_CLOCK);
  const clockStart = parseClockStart(env.SOCIALPUB_CLOCK_START);
  if (clockStart && clockMode !== 'virtual') {
    throw new ConfigError('SOCIALPUB_CLOCK_START needs SOCIALPUB_CLOCK=virtual.');
  }
  const adminToken = env.SOCIALPUB_ADMIN_TOKEN?.trim() || undefined;
  if (adminToken !== undefined && adminToken.length < 8) {
    throw new ConfigError('SOCIALPUB_ADMIN_TOKEN must be at least 8 characters.');
  }
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    host,
    port: parsePort(values.port ?? env.SOCIALPUB_PORT ?? '8787'),
    dataDir: values['data-dir'] ?? env.SOCIALPUB_DATA_DIR ?? './.socialpub',
    memory: values.memory ?? false,
    clock: clockMode,
    clockStart,
    adminToken,
    publicUrl: parseUrl('SOCIALPUB_PUBLIC_URL', env.SOCIALPUB_PUBLIC_URL),
    storageUrl: parseUrl('SOCIALPUB_STORAGE_URL', env.SOCIALPUB_STORAGE_URL),
    ...parseTeamSettingsEnv(env),
    importAllow: parseImportAllowEnv(env.SOCIALPUB_IMPORT_ALLOW),
    passwordWorkFactor: parseWorkFactor(env.SOCIALPUB_PASSWORD_WORK_FACTOR),
  };
}

function parseWorkFactor(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw.trim());
  const problem = workFactorProblem(value, 'SOCIALPUB_PASSWORD_WORK_FACTOR');
  if (problem) throw new ConfigError(`${problem} Got "${raw}".`);
  return value;
}

/** The allow-list entries, each checked now so a typo stops the start instead of never matching. */
function parseImportAllowEnv(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    parseImportAllow(entries);
  } catch (error) {
    if (error instanceof AllowListEntryError) throw new ConfigError(error.message);
    throw error;
  }
  return entries;
}

function parseTeamSettingsEnv(env: NodeJS.ProcessEnv): TeamSettings {
  try {
    return parseTeamSettings(env);
  } catch (error) {
    if (error instanceof TeamSettingError) throw new ConfigError(error.message);
    throw error;
  }
}
