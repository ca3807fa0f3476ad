import { isApiError, sameTimeNextUtcDay } from '@socialpub/core';
import { runChecks, runChecksNow, SEND_TIME_LOOKUPS, SEND_TIME_ORDER } from './check-order.js';
import { type SendOutcome, sendToNetwork, sendToNetworkNow } from './publish.js';
import { newContext, type PublishContext, type PublishingDeps } from './publish-context.js';
import type { KeptPostRequest, StoredScheduledPost } from './publishing-store.js';
import type { SendTimeBatch } from './send-time-batch.js';

/** What the scheduler does with a due scheduled post after `sendScheduledPost`. */
export type ScheduledSendResult =
  /** Handed to the network: the post record exists (or appears once a late network answers). */
  | { kind: 'sent'; sent: SendOutcome }
  /** Beginner or Apprentice daily allowance used: same time next UTC day (after its due time), with the note. */
  | { kind: 'moved'; at: Date; note: string }
  /** Refused at send time (Free month used, network gone, file gone...): not sent, not in history. */
  | { kind: 'not_sent'; code: string; status: number; message: string };

/** The context of a scheduled post's send, or why it cannot go out at all. */
function sendContext(
  deps: PublishingDeps,
  scheduled: StoredScheduledPost,
  batch: SendTimeBatch | null = null,
): PublishContext | Extract<ScheduledSendResult, { kind: 'not_sent' }> {
  const { accounts, profiles } = deps.services.repos;
  const account = batch === null ? accounts.get(scheduled.accountId) : batch.account(scheduled.accountId);
  const profile = batch === null ? profiles.get(scheduled.profileId) : batch.profile(scheduled.profileId);
  if (account === null || profile === null) {
    return {
      kind: 'not_sent',
      code: 'account_not_found',
      status: 404,
      message: 'The profile no longer exists.',
    };
  }
  const ctx = newContext(deps, { address: 'current', account, rawBody: '', idempotencyKey: undefined });
  const kept = scheduled.request as unknown as KeptPostRequest;
  Object.assign(ctx, {
    profile,
    platform: kept.platform,
    text: kept.text,
    options: { ...kept.options },
    postType: kept.postType,
    mediaIds: kept.mediaIds,
    mediaUrls: kept.mediaUrls,
    scheduledSend: true,
    batch,
  });
  return ctx;
}

/** Over the daily allowance the post moves as a whole; nothing else is asked then. */
function movedBy(ctx: PublishContext, scheduled: StoredScheduledPost): ScheduledSendResult | null {
  if (ctx.delivery.kind !== 'queue') return null;
  const { limit, used } = ctx.delivery;
  const at = nextDayAfter(new Date(scheduled.at), ctx.now);
  const note = `Moved to ${at.toISOString()}: the profile's daily allowance of ${limit} posts was used (${used}) when it was due.`;
  return { kind: 'moved', at, note };
}

function refusal(error: unknown): ScheduledSendResult {
  if (!isApiError(error)) throw error;
  return { kind: 'not_sent', code: error.code, status: error.status, message: error.message };
}

/**
 * The scheduler's send (States and transitions, Scheduled post): the at-send-time checks (connection,
 * plan gate, kept files, X add-on, attempts, allowance), then the network through the driver.
 */
export async function sendScheduledPost(
  deps: PublishingDeps,
  scheduled: StoredScheduledPost,
): Promise<ScheduledSendResult> {
  const ctx = sendContext(deps, scheduled);
  if ('kind' in ctx) return ctx;
  try {
    for (const step of SEND_TIME_ORDER) {
      await runChecks(ctx, [step]);
      const moved = movedBy(ctx, scheduled);
      if (moved) return moved;
    }
  } catch (error) {
    return refusal(error);
  }
  return { kind: 'sent', sent: await sendToNetwork(ctx, scheduled.id) };
}

/**
 * The same send when nothing in it has to wait: every check answers at once and the network answers
 * at once (`sendToNetworkNow`). Everything it writes is written synchronously, so the scheduler
 * commits it with the outcome in one transaction. Null, with nothing written, when something would
 * wait; the scheduler then sends it with `sendScheduledPost`. The sends of one scheduler batch share
 * `batch`'s lookups.
 */
export function sendScheduledPostNow(
  deps: PublishingDeps,
  scheduled: StoredScheduledPost,
  batch: SendTimeBatch | null = null,
): ScheduledSendResult | null {
  const ctx = sendContext(deps, scheduled, batch);
  if ('kind' in ctx) return ctx;
  try {
    for (const step of SEND_TIME_ORDER) {
      if (!runChecksNow(ctx, [step])) return null;
      const moved = movedBy(ctx, scheduled);
      if (moved) return moved;
    }
  } catch (error) {
    return refusal(error);
  }
  const sent = sendToNetworkNow(ctx, scheduled.id);
  return sent === null ? null : { kind: 'sent', sent };
}

/**
 * Ahead of a scheduled post's due time: its send-time lookups (`SEND_TIME_LOOKUPS`) with their
 * answers dropped. Outside a transaction the rows and counts they read stay in memory (row caches,
 * kept post counts), so the send finds them there. Nothing is written, sent or asked of an address;
 * a refusal now says nothing about the send, which checks everything again.
 */
export function lookUpScheduledPost(deps: PublishingDeps, scheduled: StoredScheduledPost): void {
  const ctx = sendContext(deps, scheduled);
  if ('kind' in ctx) return;
  try {
    runChecksNow(ctx, SEND_TIME_LOOKUPS);
  } catch (error) {
    if (!isApiError(error)) throw error;
  }
}

/** Same time on the next UTC day; a server that was down for days moves it past now, not into the past. */
function nextDayAfter(dueAt: Date, now: Date): Date {
  let next = sameTimeNextUtcDay(dueAt);
  while (next.getTime() <= now.getTime()) next = sameTimeNextUtcDay(next);
  return next;
}
