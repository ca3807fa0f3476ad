import { ApiError, type ApiErrorInit } from './api-error.js';
import { ERROR_CATALOG } from './error-catalog.js';
import type { ErrorCode } from './error-codes.js';
import { retryRuleFor } from './retry-rules.js';

/**
 * Builds a documented refusal from the catalog: the status defaults to the code's first status,
 * the wait to the document's Retry-After figure (none when `retry: 'never'` is given), and
 * upload-link codes get their `retry` and `next_step` ("Errors", Shapes). An explicit status the document does not give for the code is a
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
  // An upload-link answer told `retry: never` (e.g. 503 upload_links_paused when uploads are switched
  // off for the account) has no wait after which it succeeds, so it gets no default Retry-After.
  const waits = rule.kind === 'after_retry_after' && init.retry !== 'never';
  const retryAfterSeconds = init.retryAfterSeconds ?? (waits ? rule.defaultSeconds : undefined);
  const full: ApiErrorInit = { ...init, status };
  if (retryAfterSeconds !== undefined) full.retryAfterSeconds = retryAfterSeconds;
  const nextStep = init.nextStep ?? entry.nextStep;
  if (nextStep !== undefined) full.nextStep = nextStep;
  const retry = init.retry ?? entry.uploadLinkRetry;
  if (retry !== undefined) full.retry = retry;
  return new ApiError(code, message, full);
}
