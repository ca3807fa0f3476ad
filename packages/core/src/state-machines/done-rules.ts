import { networkRules } from '../networks/networks.js';
import type { Platform } from '../platforms.js';
import type { PostStatus, ScheduledPostOutcome } from '../schemas/post-record.js';

/**
 * Post record, `done` ("true when the item will not change by itself"): success and failed are done at
 * once; processing is not; a timeout is done once the network's window has passed since it was sent
 * (10 minutes pinterest and threads, 2 hours youtube, 25 hours x, linkedin, skool, 2 days facebook,
 * instagram, tiktok).
 */
export function isPostRecordDone(status: PostStatus, platform: Platform, sentAt: Date, now: Date): boolean {
  switch (status) {
    case 'success':
    case 'failed':
      return true;
    case 'processing':
      return false;
    case 'timeout':
      return now.getTime() >= postRecordDoneAt(platform, sentAt).getTime();
  }
}

/** When a timeout post record becomes done. */
export function postRecordDoneAt(platform: Platform, sentAt: Date): Date {
  return new Date(sentAt.getTime() + networkRules(platform).timeoutDoneSeconds * 1000);
}

/**
 * Scheduled post, `done`: true for success, failed, partly_failed and cancelled, and for unconfirmed
 * once each network's result is done; waiting and sending are not done.
 */
export function isScheduledPostDone(outcome: ScheduledPostOutcome, resultsDone: readonly boolean[]): boolean {
  switch (outcome) {
    case 'success':
    case 'failed':
    case 'partly_failed':
    case 'cancelled':
      return true;
    case 'unconfirmed':
      return resultsDone.every(Boolean);
    case 'waiting':
    case 'sending':
      return false;
  }
}

/** A scheduled post's per-network result: a post status, `pending` (not out yet) or `not_sent`. */
export type ScheduledResultStatus = PostStatus | 'pending' | 'not_sent';

/**
 * The scheduled post's outcome from its networks' results: all success is success, all failed (or
 * not sent) is failed, any timeout is unconfirmed, a mix of success and failure is partly_failed.
 * While any result is still pending or processing the scheduled post is still sending.
 */
export function scheduledOutcomeFromResults(
  statuses: readonly ScheduledResultStatus[],
): ScheduledPostOutcome {
  if (statuses.length === 0) throw new RangeError('a scheduled post that went out has at least one result');
  if (statuses.some((status) => status === 'pending' || status === 'processing')) return 'sending';
  if (statuses.some((status) => status === 'timeout')) return 'unconfirmed';
  if (statuses.every((status) => status === 'success')) return 'success';
  if (statuses.every((status) => status === 'failed' || status === 'not_sent')) return 'failed';
  return 'partly_failed';
}
