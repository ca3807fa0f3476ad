import { redactKey } from '../config/mask-key.js';
import type { ConfigSource } from '../config/resolve-config.js';
import { CliError } from './cli-error.js';
import { colorsFor } from './colors.js';
import { EXIT_STATUS, type ExitStatus, exitStatusForHttp } from './exit-status.js';

/** The fields of the SDK's APIError this handler reads (duck-typed, so the SDK loads only when used). */
interface ApiErrorLike {
  status: number;
  code: string | undefined;
  message: string;
  nextStep?: string | undefined;
  retryAfterSeconds?: number | undefined;
  fields?: Record<string, unknown>;
}

function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return error instanceof Error && typeof (error as Partial<ApiErrorLike>).status === 'number';
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

/** `error.profiles` of 403/404 `account_not_found`: the profiles the key's account has. */
function profilesLine(error: ApiErrorLike): string | undefined {
  const profiles = error.fields?.['profiles'];
  if (error.code !== 'account_not_found' || !Array.isArray(profiles)) return undefined;
  const named = profiles
    .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null)
    .map((p) => `${String(p['handle'])} (${String(p['profile_name'])}, ${String(p['profile_id'])})`);
  return named.length === 0
    ? 'The account has no profiles.'
    : `Profiles of this account: ${named.join(', ')}.`;
}

/**
 * What to do next, only where it adds to the service's message: the profiles meant, the parameter,
 * the upload link's next step, and the retry rule unless it is "fix what the message names" (the
 * message already says what). A wait the service named is said once, in seconds.
 */
async function adviceFor(error: ApiErrorLike): Promise<string[]> {
  const lines: string[] = [];
  const profiles = profilesLine(error);
  if (profiles) lines.push(profiles);
  const parameter = error.fields?.['parameter'];
  if (typeof parameter === 'string') lines.push(`Parameter: ${parameter} (error.parameter).`);
  if (error.nextStep) lines.push(error.nextStep);
  let rule: import('@socialpub/core').RetryRule | undefined;
  if (error.code !== undefined) {
    const core = await import('@socialpub/core');
    if (core.isErrorCode(error.code)) rule = core.retryRuleFor(error.code, error.status);
    if (rule?.kind === 'after_retry_after' && error.retryAfterSeconds !== undefined) {
      lines.push(`Wait ${error.retryAfterSeconds} seconds (Retry-After), then run the same command again.`);
    } else if (rule !== undefined && rule.kind !== 'never') {
      lines.push(core.describeRetry(rule));
    }
  }
  if (rule === undefined && error.retryAfterSeconds !== undefined)
    lines.push(`Retry after ${error.retryAfterSeconds} seconds.`);
  const resetsAt = error.fields?.['resets_at'];
  if (typeof resetsAt === 'string') lines.push(`Resets at ${resetsAt}.`);
  if (lines.length === 0 && error.status >= 500)
    lines.push('Try again later; check history before resending a post.');
  return lines;
}

export interface ErrorReport {
  exitStatus: ExitStatus;
  lines: string[];
}

/** What the CLI knows of the request that failed: its method decides the advice after no answer. */
export interface FailedRequest {
  method: string | undefined;
  /** Where the base URL came from, so a refused connection can say which setting to fix. */
  baseUrlSource?: ConfigSource | undefined;
}

const BASE_URL_SOURCE: Readonly<Record<ConfigSource, string>> = {
  flag: '--base-url',
  env: 'SOCIALPUB_BASE_URL',
  file: 'the base URL `socialpub login` saved',
  default: 'the default address',
};

/** No service answered at that address: most often the reference server is not running. */
function adviceWhenRefused(request: FailedRequest | undefined): string[] {
  const source = request?.baseUrlSource;
  return [
    'Nothing was sent. Is the server running? Start the reference server with `npm start` in the socialpub',
    `repository, or give the right address with --base-url or SOCIALPUB_BASE_URL${source ? ` (this one is ${BASE_URL_SOURCE[source]})` : ''}.`,
  ];
}

/**
 * After a lost answer ("When to send a request again", 1): a read changed nothing and can simply
 * be run again; a POST or DELETE may have taken effect, so it is resent only with the same key.
 */
function adviceAfterNoAnswer(request: FailedRequest | undefined): string {
  const method = request?.method?.toUpperCase();
  if (method === 'GET' || method === 'HEAD')
    return 'No answer arrived; a read changes nothing, so run it again.';
  if (method === 'DELETE')
    return 'No answer arrived; the cancel may or may not have happened. Cancelling twice is safe: run it again.';
  return 'No answer arrived; the request may or may not have taken effect. Resend only with the same --idempotency-key.';
}

/** The error as lines for stderr and its exit status (see EXIT_STATUS). */
export async function describeError(error: unknown, request?: FailedRequest): Promise<ErrorReport> {
  if (error instanceof CliError) {
    return {
      exitStatus: error.exitStatus,
      lines: [`error: ${error.message}`, ...(error.hint ? [error.hint] : [])],
    };
  }
  if (isApiErrorLike(error)) {
    // No code: not the service's answer (a proxy's page), which the message says in words.
    const what = error.code === undefined ? `HTTP ${error.status}` : `${error.code} (HTTP ${error.status})`;
    return {
      exitStatus: exitStatusForHttp(error.status, error.code),
      lines: [`error: ${what}: ${error.message}`, ...(await adviceFor(error))],
    };
  }
  const name = nameOf(error);
  if (name === 'WaitTimeoutError') {
    return {
      exitStatus: EXIT_STATUS.conflict,
      lines: [
        `error: still_running: ${(error as Error).message}`,
        'Read it again later with `socialpub posts get <id>` or `socialpub media status <file_id>`.',
      ],
    };
  }
  if (name === 'MediaFailedError') {
    return {
      exitStatus: EXIT_STATUS.usage,
      lines: [`error: media_failed: ${(error as Error).message}`, 'Import the file again.'],
    };
  }
  if (name === 'APIConnectionCertificateError') {
    // Its message names the certificate's problem and what to do; trying again changes nothing.
    return { exitStatus: EXIT_STATUS.generic, lines: [`error: certificate: ${(error as Error).message}`] };
  }
  if (name === 'APIConnectionRefusedError') {
    return {
      exitStatus: EXIT_STATUS.generic,
      lines: [`error: connection: ${(error as Error).message}`, ...adviceWhenRefused(request)],
    };
  }
  if (name === 'APIConnectionError' || name === 'APIConnectionTimeoutError') {
    return {
      exitStatus: EXIT_STATUS.generic,
      lines: [`error: connection: ${(error as Error).message}`, adviceAfterNoAnswer(request)],
    };
  }
  if (name === 'SocialPubError' || name === 'ConfigError') {
    const auth = /API key/i.test((error as Error).message);
    return {
      exitStatus: auth ? EXIT_STATUS.auth : EXIT_STATUS.usage,
      lines: [
        `error: ${(error as Error).message}`,
        ...(auth ? ['Run `socialpub login` or set SOCIALPUB_API_KEY.'] : []),
      ],
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { exitStatus: EXIT_STATUS.generic, lines: [`error: ${message}`] };
}

/** Writes the error to stderr (never the key) and sets the exit status. */
export async function handleError(error: unknown, apiKey?: string, request?: FailedRequest): Promise<void> {
  const report = await describeError(error, request);
  const colors = colorsFor(process.stderr);
  const [first = '', ...rest] = report.lines.map((line) => redactKey(line, apiKey));
  process.stderr.write(`${colors.red(first)}\n`);
  for (const line of rest) process.stderr.write(`  ${colors.dim(line)}\n`);
  process.exitCode = report.exitStatus;
}
