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
/**
 * Sends that need no waiting committed together: each is all or nothing on its own (marked sending,
 * network record, outcome), so sharing a commit only decides how many a crash leaves waiting. 500
 * (measured against 100 with `node bench/run.mjs scheduler`: 10,000 due together drained with p99
 * 1.04 s instead of 1.70 s) holds the event loop about 40 ms per commit; the loop yields between.
 */
const COMMIT_BATCH = 500;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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
   * A busy minute: due posts fetched a batch at a time. Sends that need no waiting (see `#sendNow`)
   * go first, in due order, committed `COMMIT_BATCH` at a time; the others are sent carefully:
   * accounts concurrently, each account's posts one after another in due order, each marked
   * `sending` (committed) right before its own network call, so a crash leaves only the sends in
   * flight unconfirmed. Once one post of an account needs the careful path, its later posts in the
   * batch follow it there, so an account's posts never overtake each other.
   */
  async runDue(upTo: Date, max: number, scope: ClockScope): Promise<number> {
    const { scheduledPosts } = this.services.repos;
    const failed = new Set<string>();
    let count = 0;
    while (count < max) {
      const batch = scheduledPosts.dueBatch(upTo, Math.min(SEND_BATCH, max - count), scope);
      // A post whose send threw before it was marked stays waiting: do not spin on it.
      if (batch.length === 0 || batch.every((post) => failed.has(post.id))) break;
      const careful = await this.#sendAllNow(batch, failed);
      await runInLanes(
        careful,
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

  /** Sends what needs no waiting, `COMMIT_BATCH` per transaction; gives back the rest, in order. */
  async #sendAllNow(batch: StoredScheduledPost[], failed: Set<string>): Promise<StoredScheduledPost[]> {
    const careful: StoredScheduledPost[] = [];
    const carefulAccounts = new Set<string>();
    for (let start = 0; start < batch.length; start += COMMIT_BATCH) {
      // Requests and other clocks' work get a turn between commits, also between due batches.
      await nextTurn();
      const chunk = batch.slice(start, start + COMMIT_BATCH);
      careful.push(...this.#commitNow(chunk, failed, carefulAccounts));
    }
    return careful;
  }

  /**
   * One transaction of sends that need no waiting. A send that throws rolls the transaction back
   * (nothing of it was sent: the network is in this process) and the chunk is done again with that
   * post left to the careful path, which records such an error as its own outcome.
   */
  #commitNow(
    chunk: StoredScheduledPost[],
    failed: Set<string>,
    carefulAccounts: Set<string>,
  ): StoredScheduledPost[] {
    const { postRecords } = this.services.repos;
    const threw = new Set<string>();
    for (;;) {
      const careful: StoredScheduledPost[] = [];
      const accounts = new Set(carefulAccounts);
      let current: StoredScheduledPost | undefined;
      try {
        postRecords.transaction(() => {
          for (const post of chunk) {
            current = post;
            const skip = accounts.has(post.accountId) || failed.has(post.id) || threw.has(post.id);
            if (skip || !this.#sendNow(post)) {
              careful.push(post);
              accounts.add(post.accountId);
            }
          }
        });
      } catch (error) {
        if (current === undefined || threw.has(current.id)) throw error;
        threw.add(current.id);
        continue;
      }
      for (const account of accounts) carefulAccounts.add(account);
      return careful;
    }
  }

  /**
   * The send of a single-network post when nothing in it waits: the checks and the network answer
   * at once (a simulated network in this process with no latency), so marking it `sending`, the
   * network's record and the outcome are written together, inside the caller's transaction. A crash
   * leaves it either waiting (sent after the restart) or sent and recorded: never sent twice, never
   * unconfirmed. False, with nothing written, when something would wait.
   */
  #sendNow(post: StoredScheduledPost): boolean {
    const [platform, ...others] = post.platforms;
    const sendNow = this.sender.sendNow?.bind(this.sender);
    if (platform === undefined || others.length > 0 || sendNow === undefined) return false;
    const { accounts, scheduledPosts, postRecords } = this.services.repos;
    const clock = this.services.clocks.forAccount(post.accountId);
    const now = clock.now();
    const account = accounts.get(post.accountId);
    if (!account) {
      scheduledPosts.setOutcome(post.id, 'failed', now, 'The account no longer exists.');
      return true;
    }
    if (account.deletingSince !== null) return true;
    if (!scheduledPosts.markSending(post.id, now)) return true;
    const result = sendNow({ scheduledPost: post, platform, now });
    if (result === null) {
      // Nothing was sent: back to waiting as it was, for the careful path.
      scheduledPosts.unmarkSending(post.id, post.updatedAt ?? post.createdAt);
      return false;
    }
    if (result.kind === 'moved') {
      scheduledPosts.moveTo(post.id, result.at, result.note, now);
      return true;
    }
    if (result.kind === 'over_month') {
      this.#failOverMonth(account, post, result.message, now);
      return true;
    }
    let status: ScheduledResultStatus;
    if (result.kind === 'not_sent') {
      scheduledPosts.recordNotSent(post.id, platform, result.reason);
      status = 'not_sent';
    } else {
      status = result.postId === null ? 'pending' : (postRecords.statusOf(result.postId) ?? 'timeout');
    }
    scheduledPosts.setOutcome(post.id, scheduledOutcomeFromResults([status]), clock.now());
    return true;
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
