import type { RetryAdvice } from './operation-definition.js';

// The rows of "When to send a request again" (and the endpoint sections' own advice), grouped so
// each operation lists the ones that apply to it.

export const RETRY_LOST_CONNECTION_IDEMPOTENT: RetryAdvice = {
  situation: 'Timeout or lost connection',
  action:
    'Send again with the same Idempotency-Key and the same body: safe. Without a key never resend a 200, ' +
    'or a 202 still_publishing, processing, scheduled or queued (a queued post publishes by itself).',
};

export const RETRY_LOST_CONNECTION_READ: RetryAdvice = {
  situation: 'Timeout or lost connection',
  action: 'Send again; a read changes nothing.',
};

export const RETRY_MEDIA_PROCESSING: RetryAdvice = {
  situation: '409 media_processing',
  action: 'Wait Retry-After (30 seconds) and send the same request again.',
};

export const RETRY_IDEMPOTENCY: readonly RetryAdvice[] = [
  {
    situation: '409 idempotency_in_progress',
    action: 'Wait 5 seconds (Retry-After) and send again with the same key.',
  },
  {
    situation: '409 idempotency_outcome_unknown',
    action:
      'For a post: check GET /posts and send with a new key only if absent. For an import: send again with a new key.',
  },
  {
    situation: '503 idempotency_unavailable',
    action: 'Nothing was sent: wait 5 seconds and repeat with the same key.',
  },
  { situation: '422 idempotency_key_reused', action: 'Use a new key for a different body.' },
];

export const RETRY_POST_LIMITS: readonly RetryAdvice[] = [
  { situation: '429 rate_limited', action: 'Wait Retry-After (retry_after_seconds) and send again.' },
  { situation: '429 daily_attempts_exceeded', action: 'Stop until 00:00 UTC.' },
  {
    situation: '429 monthly_limit_reached, x_limit_reached, x_link_limit_reached',
    action: 'Do not send again before error.resets_at.',
  },
];

export const RETRY_POST_UNAVAILABLE: readonly RetryAdvice[] = [
  { situation: '502 upstream_unavailable, 503 skool_unavailable, x_unavailable', action: 'Try again later.' },
  {
    situation: '503 caller_check_unavailable, schedule_check_unavailable',
    action: 'Nothing was posted or scheduled: wait 5 seconds (Retry-After) and send again.',
  },
  { situation: '503 dry_run_unavailable', action: 'Wait Retry-After and ask again.' },
];

export const RETRY_OTHER_4XX: RetryAdvice = {
  situation: 'Other 4xx',
  action:
    'Will not succeed unchanged: fix what the message names. Refusals are not remembered, so the same ' +
    'Idempotency-Key may be reused (except after 422 idempotency_key_reused).',
};

export const RETRY_AFTER_500: RetryAdvice = {
  situation: '500',
  action: 'Read the message and check history before sending again.',
};

export const RETRY_AUTOMATIC: RetryAdvice = {
  situation: 'Automatic retries',
  action: 'Only after a timeout, a lost connection, a 5xx without error.code, and the retryable codes above.',
};

export const RETRY_READS: readonly RetryAdvice[] = [
  RETRY_LOST_CONNECTION_READ,
  { situation: '429 rate_limited', action: 'Wait Retry-After (error.retry_after_seconds) and read again.' },
  { situation: '500 server_error', action: 'Nothing changed: try again in a minute.' },
  RETRY_OTHER_4XX,
  RETRY_AUTOMATIC,
];

export const RETRY_UPLOAD_LINKS: readonly RetryAdvice[] = [
  { situation: '503 uploads_busy', action: 'Wait Retry-After (30, 60 or 600 seconds) and send again.' },
  { situation: '503 upload_links_paused', action: 'Maintenance: wait Retry-After; the file is kept.' },
  {
    situation: '429 too_many_open_uploads',
    action: 'Wait Retry-After (60) or finish or cancel an open upload.',
  },
  { situation: '429 rate_limited', action: 'Wait Retry-After and send again.' },
  {
    situation: '429 import_budget_exhausted',
    action: 'Wait retry_after_seconds (or until resets_at); a file larger than the whole budget never fits.',
  },
  {
    situation: '500 server_error',
    action: 'Nothing was handed out: send again (the same file from the same key finds its open link).',
  },
  RETRY_OTHER_4XX,
  RETRY_AUTOMATIC,
];
