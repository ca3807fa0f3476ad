import { LIMITS } from '../limits/limits.js';
import type { ApiError, ErrorExtra } from './api-error.js';
import { ERROR_CATALOG, extraFieldsFor, isErrorCode } from './error-catalog.js';
import type { ErrorFamily } from './error-family.js';

/** "the `Retry-After` header is sent when the wait is an hour or less" ("Errors", Shapes). */
export const RETRY_AFTER_HEADER_MAX_SECONDS = LIMITS.retryAfterHeaderMaxSeconds;

const DEFAULT_NEXT_STEP = 'Fix what the message names and send the request again.';

export interface StandardErrorBody {
  error: { code: string; message: string } & ErrorExtra;
}

export interface MediaImportErrorBody {
  error: string;
  code?: string;
  [field: string]: unknown;
}

export interface UploadLinkErrorBody {
  error: { code: string; message: string; next_step: string; retry: 'never' | 'after_reset' } & ErrorExtra;
}

export type ErrorBody = StandardErrorBody | MediaImportErrorBody | UploadLinkErrorBody;

export function standardErrorBody(code: string, message: string, extra: ErrorExtra = {}): StandardErrorBody {
  return { error: { code, message, ...extra } };
}

/** Media import answers put the message in `error` and the code (when there is one) beside it. */
export function mediaImportErrorBody(
  message: string,
  code?: string,
  extra: ErrorExtra = {},
): MediaImportErrorBody {
  return code === undefined ? { error: message, ...extra } : { error: message, code, ...extra };
}

export function uploadLinkErrorBody(
  code: string,
  message: string,
  nextStep: string,
  retry: 'never' | 'after_reset',
  extra: ErrorExtra = {},
): UploadLinkErrorBody {
  return { error: { code, message, next_step: nextStep, retry, ...extra } };
}

/** The retry-after figure goes in the body too: every 429 carries `retry_after_seconds`. */
function withRetryAfter(err: ApiError): ErrorExtra {
  if (err.retryAfterSeconds === undefined || 'retry_after_seconds' in err.extra) return err.extra;
  return { ...err.extra, retry_after_seconds: err.retryAfterSeconds };
}

/** Share-link refusals of media import carry `next_step` beside `error` ("Share links"). */
function withMediaImportNextStep(err: ApiError, extra: ErrorExtra): ErrorExtra {
  if (!isErrorCode(err.code) || 'next_step' in extra) return extra;
  if (!extraFieldsFor(err.code, 'media_import').includes('next_step')) return extra;
  const nextStep = err.nextStep ?? ERROR_CATALOG[err.code].nextStep;
  return nextStep === undefined ? extra : { ...extra, next_step: nextStep };
}

/**
 * The body of `err` as the address's family answers it. A code the catalog answers in another
 * family's shape at that address (media import's `import_budget_exhausted`) takes that shape.
 */
export function errorBodyFor(err: ApiError, family: ErrorFamily): ErrorBody {
  const asked = err.family ?? family;
  const entry = isErrorCode(err.code) ? ERROR_CATALOG[err.code] : undefined;
  const effective = entry?.shapeByFamily?.[asked] ?? asked;
  const extra = withRetryAfter(err);
  switch (effective) {
    case 'standard':
      return standardErrorBody(err.code, err.message, extra);
    case 'media_import':
      return mediaImportErrorBody(err.message, err.code, withMediaImportNextStep(err, extra));
    case 'upload_link':
      return uploadLinkErrorBody(
        err.code,
        err.message,
        err.nextStep ?? entry?.nextStep ?? DEFAULT_NEXT_STEP,
        err.retry ?? entry?.uploadLinkRetry ?? 'never',
        extra,
      );
  }
}

/** The `Retry-After` header value for `err`, or undefined when there is no wait or it exceeds an hour. */
export function retryAfterHeader(err: ApiError): string | undefined {
  const fromBody = err.extra['retry_after_seconds'];
  const seconds = err.retryAfterSeconds ?? (typeof fromBody === 'number' ? fromBody : undefined);
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  if (seconds > RETRY_AFTER_HEADER_MAX_SECONDS) return undefined;
  return String(Math.ceil(seconds));
}
