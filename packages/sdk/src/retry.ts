import { isErrorCode, retryAfterSecondsFor, shouldRetryAutomatically } from '@socialpub/core';
import { APIConnectionError, APIConnectionRefusedError, APIError, type SocialPubError } from './errors.js';

export interface RetryPolicy {
  maxRetries: number;
  /** Longest wait the client sleeps on its own; a longer `Retry-After` is thrown to the caller. */
  maxRetryWaitSeconds: number;
  random?: () => number;
}

const BASE_DELAY_SECONDS = 0.5;
const MAX_BACKOFF_SECONDS = 8;

/**
 * Rule 7 of "When to send a request again": retry automatically only after a timeout, a lost
 * connection, a 5xx without `error.code`, and the retryable codes (the catalog in core decides).
 * Stop codes (`daily_attempts_exceeded`, `monthly_limit_reached`, `idempotency_key_reused`, ...) and
 * every other 4xx are never retried: none of them carries an automatic rule in the catalog. A
 * refused connection is not a lost one: nothing reached a service, and the next try would meet the
 * same closed port.
 */
export function isRetryable(error: SocialPubError): boolean {
  if (error instanceof APIConnectionRefusedError) return false;
  if (error instanceof APIConnectionError) return true;
  if (!(error instanceof APIError)) return false;
  return shouldRetryAutomatically({ status: error.status, code: error.code });
}

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s, ... capped at 8 s, minus up to a quarter. */
export function backoffSeconds(retryIndex: number, random: () => number = Math.random): number {
  const delay = Math.min(BASE_DELAY_SECONDS * 2 ** retryIndex, MAX_BACKOFF_SECONDS);
  return delay * (1 - 0.25 * random());
}

export type RetryDecision =
  | { retry: false }
  | { retry: true; waitSeconds: number /** the service's figure, not backoff */; askedByService: boolean };

/**
 * Whether to send again after `error` on retry number `retryIndex` (0 for the first retry), and how
 * long to wait: the service's `Retry-After` (header, else body `retry_after_seconds`) when given,
 * else backoff. A wait longer than `maxRetryWaitSeconds` is not slept: the error goes to the caller.
 */
export function decideRetry(error: SocialPubError, retryIndex: number, policy: RetryPolicy): RetryDecision {
  if (retryIndex >= policy.maxRetries || !isRetryable(error)) return { retry: false };
  const asked = error instanceof APIError ? askedWaitSeconds(error) : undefined;
  if (asked !== undefined) {
    if (asked > policy.maxRetryWaitSeconds) return { retry: false };
    return { retry: true, waitSeconds: asked, askedByService: true };
  }
  return { retry: true, waitSeconds: backoffSeconds(retryIndex, policy.random), askedByService: false };
}

/** `Retry-After` (header or body), else the document's figure for the code (e.g. 5 for `idempotency_in_progress`). */
function askedWaitSeconds(error: APIError): number | undefined {
  if (error.retryAfterSeconds !== undefined) return error.retryAfterSeconds;
  return error.code !== undefined && isErrorCode(error.code) ? retryAfterSecondsFor(error.code) : undefined;
}

/** An abortable sleep; the client takes another through its options so tests run instantly. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
