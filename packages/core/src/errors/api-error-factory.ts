import { ApiError, type ApiErrorInit } from './api-error.js';
import { ERROR_CATALOG } from './error-catalog.js';
import type { ErrorCode } from './error-codes.js';
import { retryRuleFor } from './retry-rules.js';

/**
 * Builds a documented refusal from the catalog: the status defaults to the code's first status,
 * the wait to the document's Retry-After figure, and upload-link codes get their `retry` and
 * `next_step` ("Errors", Shapes). An explicit status the document does not give for the code is a
 * programming error, thrown at once rather than sent on the wire.
 */
export function apiError(code: ErrorCode, message: string, init: Partial<ApiErrorInit> = {}): ApiError {
  const entry = ERROR_CATALOG[code];
  const status = init.status ?? entry.statuses[0];
  if (!entry.statuses.includes(status)) {
    throw new RangeError(
      `apiError: ${code} is never answered with status ${status} (documented: ${entry.statuses.join(', ')})`,
    );
  }
  const rule = retryRuleFor(code, status);
  const retryAfterSeconds =
    init.retryAfterSeconds ?? (rule.kind === 'after_retry_after' ? rule.defaultSeconds : undefined);
  const full: ApiErrorInit = { ...init, status };
  if (retryAfterSeconds !== undefined) full.retryAfterSeconds = retryAfterSeconds;
  const nextStep = init.nextStep ?? entry.nextStep;
  if (nextStep !== undefined) full.nextStep = nextStep;
  const retry = init.retry ?? entry.uploadLinkRetry;
  if (retry !== undefined) full.retry = retry;
  return new ApiError(code, message, full);
}
