import { redactKey } from '../config/mask-key.js';
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

/** What to do next for a code: the catalog's summary and retry rule (core is loaded only here). */
async function adviceFor(error: ApiErrorLike): Promise<string[]> {
  const lines: string[] = [];
  if (error.code !== undefined) {
    const core = await import('@socialpub/core');
    if (core.isErrorCode(error.code)) {
      lines.push(core.ERROR_CATALOG[error.code].summary);
      lines.push(core.describeRetry(core.retryRuleFor(error.code, error.status)));
    }
  }
  const parameter = error.fields?.['parameter'];
  if (typeof parameter === 'string') lines.push(`Parameter: ${parameter} (error.parameter).`);
  if (error.nextStep) lines.push(error.nextStep);
  if (error.retryAfterSeconds !== undefined) lines.push(`Retry after ${error.retryAfterSeconds} seconds.`);
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
    const code = error.code ?? 'http_error';
    return {
      exitStatus: exitStatusForHttp(error.status),
      lines: [`error: ${code} (HTTP ${error.status}): ${error.message}`, ...(await adviceFor(error))],
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
