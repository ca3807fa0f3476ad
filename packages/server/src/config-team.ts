import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

/** The settings a server shared by a team reads (reference-server.md, "A team's server behind a proxy"). */
export interface TeamSettings {
  /** SOCIALPUB_TRUST_PROXY: hops or peers whose X-Forwarded-For names the client; unset, none. */
  trustProxy: TrustProxy | undefined;
  /** SOCIALPUB_DEMO=off: a new data directory starts without the demo account. */
  demo: boolean;
  /** SOCIALPUB_SIGNUP=closed: no self sign-up; accounts come from the admin API or CLI. */
  signup: SignupMode;
  /** SOCIALPUB_ADMIN_LISTEN: the admin API and /metrics answer only on this loopback listener. */
  adminListen: ListenAddress | undefined;
  /** SOCIALPUB_LOG=json: one JSON line per request and per scheduler send on stdout. */
  log: LogMode;
}

export type SignupMode = 'open' | 'closed';
export type LogMode = 'off' | 'json';

export interface ListenAddress {
  host: string;
  port: number;
}

/** Thrown with a sentence that names the variable and what it takes. */
export class TeamSettingError extends Error {}

/**
 * Every SOCIALPUB_* variable something in this repository reads: the server's, the CLI's, SDK's,
 * connector's and uploaders' (they often share one shell with the server), and the test and bench
 * harness's. Any other is named at start: a misspelt setting is otherwise ignored in silence.
 */
export const KNOWN_VARIABLES: ReadonlySet<string> = new Set([
  // the server
  'SOCIALPUB_HOST',
  'SOCIALPUB_PORT',
  'SOCIALPUB_DATA_DIR',
  'SOCIALPUB_CLOCK',
  'SOCIALPUB_CLOCK_START',
  'SOCIALPUB_ADMIN_TOKEN',
  'SOCIALPUB_PUBLIC_URL',
  'SOCIALPUB_STORAGE_URL',
  'SOCIALPUB_IMPORT_ALLOW',
  'SOCIALPUB_PASSWORD_WORK_FACTOR',
  'SOCIALPUB_TRUST_PROXY',
  'SOCIALPUB_DEMO',
  'SOCIALPUB_SIGNUP',
  'SOCIALPUB_ADMIN_LISTEN',
  'SOCIALPUB_LOG',
  'SOCIALPUB_UPLOAD_HEAP_GROWTH',
  // the clients: CLI, SDK, connector, uploaders
  'SOCIALPUB_API_KEY',
  'SOCIALPUB_BASE_URL',
  'SOCIALPUB_CONFIG_DIR',
  'SOCIALPUB_PROFILE',
  'SOCIALPUB_POLL_SECONDS',
  'SOCIALPUB_WAIT',
  'SOCIALPUB_UPLOAD_TOKEN',
  'SOCIALPUB_UPLOADER_CHUNK_BYTES',
  'SOCIALPUB_CLI',
  // the test and bench harness
  'SOCIALPUB_CONTRACT',
  'SOCIALPUB_FRESH_CLONE_BUILD',
  'SOCIALPUB_BROWSER_LOG',
  'SOCIALPUB_BROWSER_CHOICES',
  'SOCIALPUB_BROWSER_EMAIL',
  'SOCIALPUB_BROWSER_PASSWORD',
  'SOCIALPUB_BROWSER_SPKI',
]);

/** One warning line per SOCIALPUB_* variable nothing reads, with the nearest known name. */
export function unknownVariableWarnings(env: NodeJS.ProcessEnv): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith('SOCIALPUB_') || KNOWN_VARIABLES.has(name)) continue;
    const near = nearestKnown(name);
    const hint = near === null ? '' : ` Did you mean ${near}?`;
    warnings.push(`warning: ${name} is not a setting socialpub reads; it is ignored.${hint}`);
  }
  return warnings;
}

/** The known name within three edits of `name`, if one is. */
function nearestKnown(name: string): string | null {
  let best: string | null = null;
  let bestDistance = 4;
  for (const known of KNOWN_VARIABLES) {
    const distance = editDistance(name, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}

export function parseTeamSettings(env: NodeJS.ProcessEnv): TeamSettings {
  let trustProxy: TrustProxy | undefined;
  try {
    trustProxy = parseTrustProxy(env.SOCIALPUB_TRUST_PROXY);
  } catch (error) {
    throw new TeamSettingError((error as Error).message);
  }
  return {
    trustProxy,
    demo: oneOf('SOCIALPUB_DEMO', env.SOCIALPUB_DEMO, ['on', 'off'], 'on') === 'on',
    signup: oneOf('SOCIALPUB_SIGNUP', env.SOCIALPUB_SIGNUP, ['open', 'closed'], 'open'),
    adminListen: parseAdminListen(env.SOCIALPUB_ADMIN_LISTEN),
    log: oneOf('SOCIALPUB_LOG', env.SOCIALPUB_LOG, ['off', 'json'], 'off'),
  };
}

function oneOf<T extends string>(
  name: string,
  raw: string | undefined,
  values: readonly T[],
  fallback: T,
): T {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (!(values as readonly string[]).includes(value)) {
    throw new TeamSettingError(`${name} must be ${values.map((v) => `"${v}"`).join(' or ')}, got "${raw}".`);
  }
  return value as T;
}

const LOOPBACK_LISTEN = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost):(\d{1,5})$/;

/**
 * `host:port` on a loopback address: the admin token guards the admin API, and a listener only the
 * machine reaches keeps it off the network whatever the proxy forwards.
 */
function parseAdminListen(raw: string | undefined): ListenAddress | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const match = LOOPBACK_LISTEN.exec(raw.trim());
  const port = Number(match?.[2]);
  if (!match?.[1] || !(port >= 1 && port <= 65535)) {
    throw new TeamSettingError(
      `SOCIALPUB_ADMIN_LISTEN must be a loopback address and port, such as 127.0.0.1:8788 or [::1]:8788; got "${raw}".`,
    );
  }
  const host = match[1] === '[::1]' ? '::1' : match[1];
  return { host, port };
}
