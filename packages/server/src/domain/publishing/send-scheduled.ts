import { isApiError, startOfUtcDay } from '@socialpub/core';
import { runChecks, SEND_TIME_ORDER } from './check-order.js';
import { type SendOutcome, sendToNetwork } from './publish.js';
import { newContext, type PublishingDeps } from './publish-context.js';
import type { KeptPostRequest, StoredScheduledPost } from './publishing-store.js';

/** What the scheduler does with a due scheduled post after `sendScheduledPost`. */
export type ScheduledSendResult =
  /** Handed to the network: the post record exists (or appears once a late network answers). */
  | { kind: 'sent'; sent: SendOutcome }
  /** Beginner or Apprentice daily allowance used: same time next UTC day, with the note. */
  | { kind: 'moved'; at: Date; note: string }
  /** Refused at send time (Free month used, network gone, file gone...): not sent, not in history. */
  | { kind: 'not_sent'; code: string; status: number; message: string };

/**
 * The scheduler's send (States and transitions, Scheduled post): the at-send-time checks (connection,
 * plan gate, kept files, X add-on, attempts, allowance), then the network through the driver.
 */
export async function sendScheduledPost(
  deps: PublishingDeps,
  scheduled: StoredScheduledPost,
): Promise<ScheduledSendResult> {
  const account = deps.services.repos.accounts.get(scheduled.accountId);
  const profile = deps.services.repos.profiles.get(scheduled.profileId);
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
  });
  try {
    await runChecks(ctx, SEND_TIME_ORDER);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { kind: 'not_sent', code: error.code, status: error.status, message: error.message };
  }
  if (ctx.delivery.kind === 'queue') {
    const note = `The daily allowance of ${ctx.delivery.limit} posts was used on ${startOfUtcDay(ctx.now).toISOString().slice(0, 10)}; moved to the next UTC day.`;
    return { kind: 'moved', at: ctx.delivery.at, note };
  }
  return { kind: 'sent', sent: await sendToNetwork(ctx, scheduled.id) };
}
