/**
 * Whether the answer of a request with an Idempotency-Key is kept for replays (rules 7 and 8).
 *
 * - `remember`: every 2xx (published, processing, still_publishing, scheduled, queued; a media 200
 *   or 202 with `file_id`) and answers whose outcome is unconfirmed, e.g. a 5xx `platform_error`
 *   after the post was handed to the network. A handler must say `remember` for those itself.
 * - `forget`: refusals (400 to 429, `media_processing`, the 503s before sending) and failures the
 *   network reported with its own code; the claim is released so the fixed request may reuse the key.
 */
export type IdempotencyOutcome = 'remember' | 'forget';

/** The outcome when the handler said nothing: a 2xx is remembered, everything else forgotten. */
export function defaultIdempotencyOutcome(status: number): IdempotencyOutcome {
  return status >= 200 && status < 300 ? 'remember' : 'forget';
}
