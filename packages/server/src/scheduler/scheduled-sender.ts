import type { Platform } from '@socialpub/core';
import type { StoredScheduledPost } from '../db/scheduled-posts-repo.js';

export interface ScheduledSendInput {
  /** The scheduled post as stored, with the request kept for send time (options, mediaIDs, mediaUrls). */
  scheduledPost: StoredScheduledPost;
  platform: Platform;
  now: Date;
}

export type ScheduledSendResult =
  /**
   * Sent: the sender recorded the network's post record with `scheduled_post_id` and gives its id;
   * null when the network answers late and the record appears only then (the result reads `pending`).
   */
  | { kind: 'sent'; postId: string | null }
  /** The send-time allowance check moved it (Beginner or Apprentice daily allowance used). */
  | { kind: 'moved'; at: Date; note: string }
  /** The send-time allowance check refused it (Free month used): the post fails, its owner is e-mailed. */
  | { kind: 'over_month'; message: string }
  /** Refused before anything reached the network (e.g. disconnected); the result reads `not_sent`. */
  | { kind: 'not_sent'; reason: string };

/**
 * The narrow seam between the scheduler and publishing: send one network's part of a scheduled post
 * now (no 20-second wait; the sender's send-time checks decide the allowance) and record its post record.
 * The publishing area's send function plugs in here; `driverScheduledSender` is the fallback.
 */
export interface ScheduledSender {
  send(input: ScheduledSendInput): Promise<ScheduledSendResult>;
  /**
   * Optional: the same send when nothing in it waits (checks and network answer at once), with every
   * write done synchronously, so the scheduler commits it together with the outcome; null, with
   * nothing written, when something would wait (then `send` is used).
   */
  sendNow?(input: ScheduledSendInput, batch?: object): ScheduledSendResult | null;
  /**
   * Optional: what the `sendNow` calls of one batch (one transaction, sends one after another) may
   * share, passed to each of them; opaque to the scheduler, and used only until the next call, which
   * may hand back the same object emptied.
   */
  beginBatch?(): object;
  /**
   * Optional: shortly before the due time, reads what the send will look up (rows, post counts)
   * into memory; writes and sends nothing.
   */
  lookUp?(input: ScheduledSendInput): void;
}
