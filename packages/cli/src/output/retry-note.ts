import type { RetryEvent } from '@socialpub/sdk';

function seconds(value: number): string {
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} second${rounded === 1 ? '' : 's'}`;
}

/** What failed, in the API's words: the code and status, or "no answer". */
function failureOf(event: RetryEvent): string {
  const error = event.error as RetryEvent['error'] & { status?: number; code?: string };
  if (typeof error.status === 'number') return `${error.code ?? 'no code'} (HTTP ${error.status})`;
  return error.name === 'APIConnectionTimeoutError' ? 'no answer in time' : 'no answer (connection lost)';
}

/**
 * The stderr line before an automatic resend ("When to send a request again"): what the service
 * answered, how long the CLI waits and why, so a throttled post does not sit 20 seconds in silence.
 */
export function retryNote(event: RetryEvent): string {
  const why = event.askedByService ? 'as the service asked' : 'before trying again';
  const sameKey =
    event.method === 'POST' ? ' with the same Idempotency-Key, so it cannot take effect twice' : '';
  return (
    `${failureOf(event)} on ${event.method} ${event.path}: waiting ${seconds(event.waitSeconds)} ${why}, ` +
    `then sending it again${sameKey} (retry ${event.retry} of ${event.maxRetries}; --max-retries 0 to stop instead).`
  );
}
