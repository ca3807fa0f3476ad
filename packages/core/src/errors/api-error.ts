import type { ErrorFamily } from './error-family.js';

export type ErrorExtra = Record<string, unknown>;

export interface ApiErrorInit {
  /** HTTP status; defaults to the catalog's status for the code. */
  status: number;
  /** Fields placed beside `code` and `message` (e.g. `retry_after_seconds`, `parameter`). */
  extra?: ErrorExtra;
  /** Sent as the `Retry-After` header when set (only when the wait is an hour or less). */
  retryAfterSeconds?: number;
  /** For upload-link answers: what the caller should do next. */
  nextStep?: string;
  /** For upload-link answers: `never` or `after_reset`. */
  retry?: 'never' | 'after_reset';
  /** Forces a body family regardless of the address (rare; the route normally decides). */
  family?: ErrorFamily;
}

/**
 * A documented refusal. The domain layer throws it; the route layer turns it into the body
 * family of the address that was asked. It never carries secrets or internals in `message`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: ErrorExtra;
  readonly retryAfterSeconds: number | undefined;
  readonly nextStep: string | undefined;
  readonly retry: 'never' | 'after_reset' | undefined;
  readonly family: ErrorFamily | undefined;

  constructor(code: string, message: string, init: ApiErrorInit) {
    // A refusal is an answer, not a fault: nothing reads its stack, and capturing one is costly.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'ApiError';
    this.code = code;
    this.status = init.status;
    this.extra = init.extra ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.nextStep = init.nextStep;
    this.retry = init.retry;
    this.family = init.family;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
