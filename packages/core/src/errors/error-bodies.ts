import type { ApiError, ErrorExtra } from './api-error.js';
import type { ErrorFamily } from './error-family.js';

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

export function errorBodyFor(err: ApiError, family: ErrorFamily): ErrorBody {
  const effective = err.family ?? family;
  const extra = withRetryAfter(err);
  switch (effective) {
    case 'standard':
      return standardErrorBody(err.code, err.message, extra);
    case 'media_import':
      return mediaImportErrorBody(err.message, err.code, extra);
    case 'upload_link':
      return uploadLinkErrorBody(
        err.code,
        err.message,
        err.nextStep ?? 'Fix what the message names and send the request again.',
        err.retry ?? 'never',
        extra,
      );
  }
}
