import { ERROR_CATALOG, isErrorCode } from './error-catalog.js';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';
import type { RetryRule } from './retry-rule.js';

/** The catalog's advice for a code; `status` picks a per-status rule where the document has one. */
export function retryRuleFor(code: ErrorCode, status?: number): RetryRule {
  const entry = ERROR_CATALOG[code];
  return (status === undefined ? undefined : entry.retryByStatus?.[status]) ?? entry.retry;
}

/** Rules 2 to 4 of "When to send a request again": wait Retry-After, then resend unchanged. */
export const RETRYABLE_CODES: readonly ErrorCode[] = ERROR_CODES.filter(
  (code) => ERROR_CATALOG[code].retry.kind === 'after_retry_after',
);

// Statuses a generic HTTP client retries by itself (as openai-node does): a code answered with one of
// them must be named as a stop code, or such a client would resend what the document forbids.
function isGenericallyRetriedStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Advice a client may follow by itself: wait and resend (rules 2 to 4), or HEAD and continue (TUS). */
function isAutomatic(rule: RetryRule): boolean {
  return rule.kind === 'after_retry_after' || rule.kind === 'resume_from_offset';
}

function isStopCode(code: ErrorCode): boolean {
  const entry = ERROR_CATALOG[code];
  const kind = entry.retry.kind;
  if (kind === 'not_before_reset' || kind === 'new_key' || code === 'idempotency_key_reused') return true;
  return entry.statuses.some(
    (status) => isGenericallyRetriedStatus(status) && !isAutomatic(retryRuleFor(code, status)),
  );
}

/**
 * Codes a client must never resend automatically: the allowances (rule 3), the idempotency outcomes
 * (rule 5, idempotency rules 3 and 5), and every 409/429/5xx code that is not a wait-and-resend.
 */
export const STOP_CODES: readonly ErrorCode[] = ERROR_CODES.filter(isStopCode);

/**
 * Rule 7: retry automatically only after a timeout or lost connection (the SDK's transport decides
 * those), a 5xx without an `error.code`, and the retryable codes of rules 2 to 4. The storage
 * endpoint's `upload_offset_mismatch` is automatic too, but as Own TUS client says: HEAD again and
 * continue from the stored offset, not the same PATCH unchanged.
 */
export function shouldRetryAutomatically(input: { status: number; code?: string | undefined }): boolean {
  const { status, code } = input;
  if (code === undefined || code === '') return status >= 500 && status <= 599;
  if (!isErrorCode(code)) return false;
  return isAutomatic(retryRuleFor(code, status));
}

/** Delay-seconds of a `Retry-After` value, or the seconds until an HTTP date (RFC 9110 §10.2.3). */
function parseRetryAfter(value: string, now: Date | undefined): number | undefined {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (now === undefined) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * Seconds to wait before resending: the `Retry-After` header when it is readable, else the
 * document's figure for the code (e.g. 30 for `media_processing`); undefined when the code has none.
 */
export function retryAfterSecondsFor(
  code: ErrorCode,
  headerValue?: string | null,
  now?: Date,
): number | undefined {
  const fromHeader =
    headerValue === undefined || headerValue === null ? undefined : parseRetryAfter(headerValue, now);
  if (fromHeader !== undefined) return fromHeader;
  const rule = retryRuleFor(code);
  return rule.kind === 'after_retry_after' ? rule.defaultSeconds : undefined;
}
