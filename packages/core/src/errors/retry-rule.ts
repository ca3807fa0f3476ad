/**
 * The kinds of advice in "Errors, When to send a request again", as data. Each catalog entry carries
 * one; clients (SDK retries, CLI messages, MCP hints) and the OpenAPI retry table read it.
 */
export type RetryRule =
  /** Rules 2 to 4: wait `Retry-After` (or the documented default) and resend the same request. */
  | { kind: 'after_retry_after'; defaultSeconds: number; documentedSeconds?: readonly number[] }
  /** Rule 3: stop until the allowance resets (`resets_at`, or 00:00 UTC for daily attempts). */
  | { kind: 'not_before_reset'; until: 'resets_at' | 'utc_midnight' }
  /** Rule 4: a person may try later; never automatic. */
  | { kind: 'later'; reconnectIfPersistent?: boolean }
  /** Rule 6: after a 500 the post may have gone out; read the message and check history. */
  | { kind: 'check_history_first' }
  /** Idempotency rule 5: the first request's outcome is unknown; check, then use a new key. */
  | { kind: 'new_key' }
  /** Rule 5: other 4xx will not succeed unchanged; fix what the message names. */
  | { kind: 'never' }
  /** Authentication rule 6: the network's sign-in expired; reconnect it in the dashboard. */
  | { kind: 'reconnect' }
  /** The document says "send again": nothing went out, but a person decides (not rule 7). */
  | { kind: 'send_again' }
  /**
   * Own TUS client: "After a failed PATCH, HEAD again" and continue from the stored offset. The
   * PATCH is not resent unchanged but from the offset HEAD reads, so it is safe automatically.
   */
  | { kind: 'resume_from_offset' };

export type RetryRuleKind = RetryRule['kind'];

export const NEVER: RetryRule = { kind: 'never' };
export const RECONNECT: RetryRule = { kind: 'reconnect' };
export const LATER: RetryRule = { kind: 'later' };
export const CHECK_HISTORY_FIRST: RetryRule = { kind: 'check_history_first' };
export const SEND_AGAIN: RetryRule = { kind: 'send_again' };
export const RESUME_FROM_OFFSET: RetryRule = { kind: 'resume_from_offset' };
export const NEW_KEY: RetryRule = { kind: 'new_key' };
export const UNTIL_RESETS_AT: RetryRule = { kind: 'not_before_reset', until: 'resets_at' };
export const UNTIL_UTC_MIDNIGHT: RetryRule = { kind: 'not_before_reset', until: 'utc_midnight' };

export function afterRetryAfter(defaultSeconds: number, documentedSeconds?: readonly number[]): RetryRule {
  return documentedSeconds === undefined
    ? { kind: 'after_retry_after', defaultSeconds }
    : { kind: 'after_retry_after', defaultSeconds, documentedSeconds };
}

/** One sentence per rule, for the per-operation retry table of the OpenAPI document ("Versioning"). */
export function describeRetry(rule: RetryRule): string {
  switch (rule.kind) {
    case 'after_retry_after': {
      const seconds = rule.documentedSeconds?.join(', ') ?? String(rule.defaultSeconds);
      return `Wait Retry-After (${seconds} seconds) and send the same request again; safe to retry automatically.`;
    }
    case 'not_before_reset':
      return rule.until === 'utc_midnight'
        ? 'Stop: do not send again before 00:00 UTC; never retry automatically.'
        : 'Stop: do not send again before error.resets_at; never retry automatically.';
    case 'later':
      return rule.reconnectIfPersistent === true
        ? 'Try again later (not automatically); reconnect the network if it persists.'
        : 'Try again later (not automatically); nothing was done.';
    case 'check_history_first':
      return 'Read the message and check history before sending again; never retry automatically.';
    case 'new_key':
      return 'Outcome unknown: check whether it happened, and send again only with a new Idempotency-Key.';
    case 'never':
      return 'Will not succeed unchanged: fix what the message names, then send again.';
    case 'reconnect':
      return 'Reconnect the network in the dashboard, then send again.';
    case 'send_again':
      return 'Nothing went out: send the request again (a person decides; not automatic).';
    case 'resume_from_offset':
      return 'HEAD the upload again for Upload-Offset and continue from there; safe to retry automatically.';
  }
}
