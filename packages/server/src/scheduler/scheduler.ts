import { randomUUID } from 'node:crypto';
import { type ScheduledResultStatus, scheduledOutcomeFromResults } from '@socialpub/core';
import type { ClockScope } from '../clocks/clock-scope.js';
import type { AccountRecord } from '../db/accounts-repo.js';
import type { StoredScheduledPost } from '../db/scheduled-posts-repo.js';
import type { DueWorkSource } from '../due-work.js';
import type { Services } from '../services.js';
import { runInLanes } from './account-lanes.js';
import type { ScheduledSender, ScheduledSendResult } from './scheduled-sender.js';

/** Due posts read per query while draining a busy minute. */
const SEND_BATCH = 500;
/** Accounts with a send in flight at once; each account's own posts never overlap. */
const SEND_CONCURRENCY = 32;

export class Scheduler implements DueWorkSource {
  readonly name = 'scheduled-posts';
  readonly perClock = true;

  constructor(
    private readonly services: Services,
    private readonly sender: ScheduledSender,
  ) {}

  nextDueAt(scope: ClockScope): Date | null {
    return this.services.repos.scheduledPosts.nextDueAt(scope);
  }

  /** Posts due together go out one after another: due time, then creation order. */
  async runNext(now: Date, scope: ClockScope): Promise<void> {
    const [post] = this.services.repos.scheduledPosts.dueBatch(now, 1, scope);
    if (post) await this.send(post, now);
  }

  /**
   * A busy minute: due posts fetched a batch at a time, accounts sent concurrently, each account's
   * posts still one after another in due order. Each send is still marked `sending` (committed)
   * right before its own network call, so a crash leaves only the sends in flight unconfirmed.
   */
  async runDue(upTo: Date, max: number, scope: ClockScope): Promise<number> {
    const { scheduledPosts } = this.services.repos;
    const failed = new Set<string>();
    let count = 0;
    while (count < max) {
      const batch = scheduledPosts.dueBatch(upTo, Math.min(SEND_BATCH, max - count), scope);
      // A post whose send threw before it was marked stays waiting: do not spin on it.
      if (batch.length === 0 || batch.every((post) => failed.has(post.id))) break;
      await runInLanes(
        batch,
        (post) => post.accountId,
        SEND_CONCURRENCY,
        async (post) => {
          try {
            await this.send(post, this.services.clocks.forAccount(post.accountId).now());
          } catch (error) {
            failed.add(post.id);
            this.services.dueWork.onError(error, this.name);
          }
        },
      );
      count += batch.length;
    }
    return count;
  }

  async send(post: StoredScheduledPost, now: Date): Promise<void> {
    const { accounts, scheduledPosts } = this.services.repos;
    const account = accounts.get(post.accountId);
    if (!account) {
      scheduledPosts.setOutcome(post.id, 'failed', now, 'The account no longer exists.');
      return;
    }
    // An account being deleted sends nothing more; its deletion removes the post (issue 14).
    if (account.deletingSince !== null) return;
    // Marked sending (committed) before the network is called: a crash after this point leaves it
    // `sending`, which start-up turns into `unconfirmed`, never a second send.
    if (!scheduledPosts.markSending(post.id, now)) return;
    const statuses: ScheduledResultStatus[] = [];
    for (const platform of post.platforms) {
      let result: ScheduledSendResult;
      try {
        result = await this.sender.send({ scheduledPost: post, platform, now });
      } catch (error) {
        // Whether the network got it is unknown: record it unconfirmed rather than risk a second post.
        result = { kind: 'sent', postId: recordUnconfirmed(this.services, post, platform, now, error) };
      }
      if (statuses.length === 0 && result.kind === 'moved') {
        // Nothing went out yet: the whole scheduled post waits for its new time.
        scheduledPosts.moveTo(post.id, result.at, result.note, now);
        return;
      }
      if (statuses.length === 0 && result.kind === 'over_month') {
        this.#failOverMonth(account, post, result.message, now);
        return;
      }
      if (result.kind !== 'sent') {
        const reason =
          result.kind === 'moved'
            ? result.note
            : result.kind === 'over_month'
              ? result.message
              : result.reason;
        scheduledPosts.recordNotSent(post.id, platform, reason);
        statuses.push('not_sent');
      } else if (result.postId === null) {
        statuses.push('pending');
      } else {
        statuses.push(this.services.repos.postRecords.statusOf(result.postId) ?? 'timeout');
      }
    }
    const outcome = scheduledOutcomeFromResults(statuses);
    // While a network is still processing, the stored outcome stays `sending`; reads recompute it.
    scheduledPosts.setOutcome(post.id, outcome, this.services.clocks.forAccount(post.accountId).now());
  }

  /** "Free plan over its 30 posts for the month": failed, shown on the Scheduled page and e-mailed. */
  #failOverMonth(account: AccountRecord, post: StoredScheduledPost, reason: string, now: Date): void {
    const message = `Not published when it was due: ${reason}`;
    this.services.repos.scheduledPosts.setOutcome(post.id, 'failed', now, message);
    this.services.repos.outbox.add({
      accountId: account.id,
      to: account.email,
      subject: 'A scheduled post could not be published',
      body: `The post scheduled for ${post.at} to ${post.platforms.join(', ')} was not published. ${message} Upgrade or wait for the next month, then schedule it again.`,
      createdAt: now.toISOString(),
    });
  }
}

/** A network result that was never confirmed: post record `timeout` ("sent but never confirmed"). */
export function recordUnconfirmed(
  services: Services,
  post: StoredScheduledPost,
  platform: StoredScheduledPost['platforms'][number],
  at: Date,
  cause: unknown,
): string {
  const id = randomUUID();
  const why = cause instanceof Error ? cause.message : String(cause);
  services.repos.postRecords.insert({
    id,
    accountId: post.accountId,
    profileId: post.profileId,
    platform,
    status: 'timeout',
    mediaType: post.mediaType,
    publishId: null,
    permalink: null,
    errorMessage: `Sent, but the outcome was never confirmed (${why}). Do not send it again.`,
    at: at.toISOString(),
    updatedAt: services.clocks.forAccount(post.accountId).now().toISOString(),
    scheduledPostId: post.id,
    notices: [],
    hasLinks: false,
  });
  return id;
}
