import { randomUUID } from 'node:crypto';
import { type ScheduledResultStatus, scheduledOutcomeFromResults } from '@socialpub/core';
import type { ClockScope } from '../clocks/clock-scope.js';
import type { AccountRecord } from '../db/accounts-repo.js';
import type { DueScheduledPost, StoredScheduledPost } from '../db/scheduled-posts-repo.js';
import { holdCheckpoints } from '../db/wal-checkpoints.js';
import type { DueWorkSource } from '../due-work.js';
import type { Services } from '../services.js';
import { runInLanes } from './account-lanes.js';
import type { ScheduledSender, ScheduledSendResult } from './scheduled-sender.js';

/** Accounts with a send in flight at once; each account's own posts never overlap. */
const SEND_CONCURRENCY = 32;
/**
 * Due posts read, and the sends among them that need no waiting committed, per transaction. Each
 * send is all or nothing on its own (network record and outcome), so sharing a commit only decides
 * how many a crash leaves waiting. A commit writes every page it touched, and sends across many
 * accounts touch most pages of the account-keyed indexes, so fewer, larger commits write far less
 * (docs/performance.md). The event loop yields to requests between commits.
 */
export const COMMIT_BATCH = 1000;

/** Profiles whose first due post is looked up ahead of a busy minute (`prepare`). */
const PREPARE_MAX = 2 * COMMIT_BATCH;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A send settled inside the drain's transaction, for the events once it commits. */
interface SettledSend {
  post: DueScheduledPost;
  outcome: string;
  now: Date;
}

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

  /**
   * About a second before a due time (system clock): the first post due then of each profile has
   * the sender look up what its send will read (`ScheduledSender.lookUp`). Done outside any
   * transaction, what it reads is kept in memory (the accounts, profiles and connections, the post
   * counts the limits ask), while the drain reads inside its transactions, which keep nothing:
   * after a restart each send would read them all from the database again.
   */
  prepare(at: Date, scope: ClockScope): void {
    const lookUp = this.sender.lookUp?.bind(this.sender);
    if (lookUp === undefined) return;
    for (const post of this.services.repos.scheduledPosts.dueFirstPerProfile(at, PREPARE_MAX, scope)) {
      try {
        const now = this.services.clocks.forAccount(post.accountId).now();
        for (const platform of post.platforms) lookUp({ scheduledPost: post, platform, now });
      } catch (error) {
        this.services.dueWork.onError(error, this.name);
      }
    }
  }

  /** Posts due together go out one after another: due time, then creation order. */
  async runNext(now: Date, scope: ClockScope): Promise<void> {
    const [post] = this.services.repos.scheduledPosts.dueBatch(now, 1, scope);
    if (post) await this.send(post, now);
  }

  /**
   * A busy minute: due posts are read a batch at a time, inside the transaction that sends those
   * that need no waiting (see `#sendNow`), in due order; so what is read is still waiting when it is
   * sent, and nothing has to be marked `sending` first. The others are then sent carefully:
   * accounts concurrently, each account's posts one after another in due order, each marked
   * `sending` (committed) right before its own network call, so a crash leaves only the sends in
   * flight unconfirmed. Once one post of an account needs the careful path, its later posts in the
   * batch follow it there, so an account's posts never overtake each other.
   */
  async runDue(upTo: Date, max: number, scope: ClockScope): Promise<number> {
    const failed = new Set<string>();
    let release: (() => void) | undefined;
    let count = 0;
    try {
      while (count < max) {
        // Requests and other clocks' work get a turn between commits.
        await nextTurn();
        const limit = Math.min(COMMIT_BATCH, max - count);
        const { batch, careful } = this.#commitNow(upTo, limit, scope, failed);
        // A post whose send threw before it was marked stays waiting: do not spin on it.
        if (batch === 0) break;
        // A full batch: more are due, a busy minute's commits follow each other (see holdCheckpoints).
        if (batch === limit) release ??= holdCheckpoints(this.services.db);
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
        count += batch;
      }
      return count;
    } finally {
      if (release) {
        // The posts are settled; requests go first, then the WAL's pages go to the file.
        await nextTurn();
        release();
      }
    }
  }

  /**
   * One transaction: the next due batch, and the sends among it that need no waiting; gives back
   * how many were read (0 when none, or only posts whose careful send threw) and the rest, in order.
   * A send that throws rolls the transaction back (nothing of it was sent: the network is in this
   * process) and the batch is done again with that post left to the careful path, which records
   * such an error as its own outcome.
   */
  #commitNow(
    upTo: Date,
    limit: number,
    scope: ClockScope,
    failed: Set<string>,
  ): { batch: number; careful: StoredScheduledPost[] } {
    const { postRecords, scheduledPosts } = this.services.repos;
    const threw = new Set<string>();
    for (;;) {
      let current: DueScheduledPost | undefined;
      try {
        // Reported once the transaction commits: a redone batch would otherwise count its sends twice.
        const settled: SettledSend[] = [];
        const done = postRecords.transaction(() => {
          settled.length = 0;
          const batch = scheduledPosts.dueBatch(upTo, limit, scope);
          if (batch.every((post) => failed.has(post.id))) return { batch: 0, careful: [] };
          const careful: StoredScheduledPost[] = [];
          const carefulAccounts = new Set<string>();
          const shared = this.sender.beginBatch?.();
          // No send writes an account: each is looked up once a batch.
          const accounts = new Map<string, AccountRecord | null>();
          for (const post of batch) {
            current = post;
            const skip = carefulAccounts.has(post.accountId) || failed.has(post.id) || threw.has(post.id);
            if (skip || !this.#sendNow(post, shared, accounts, settled)) {
              careful.push(post);
              carefulAccounts.add(post.accountId);
            }
          }
          return { batch: batch.length, careful };
        });
        for (const { post, outcome, now } of settled) this.services.events.scheduledSend(post, outcome, now);
        return done;
      } catch (error) {
        if (current === undefined || threw.has(current.id)) throw error;
        threw.add(current.id);
      }
    }
  }

  /**
   * The send of a single-network post when nothing in it waits: the checks and the network answer
   * at once (a simulated network in this process with no latency), so the network's record and the
   * outcome are written together, inside the caller's transaction, which read the post as waiting.
   * A crash leaves it either waiting (sent after the restart) or sent and recorded: never sent twice,
   * never unconfirmed. False, with nothing written, when something would wait.
   */
  #sendNow(
    post: DueScheduledPost,
    shared: object | undefined,
    accounts: Map<string, AccountRecord | null>,
    settled: SettledSend[],
  ): boolean {
    const { sender } = this;
    const platform = post.platforms[0];
    if (platform === undefined || post.platforms.length > 1 || sender.sendNow === undefined) return false;
    const { scheduledPosts, postRecords } = this.services.repos;
    const clock = this.services.clocks.forAccount(post.accountId);
    const now = clock.now();
    let account = accounts.get(post.accountId);
    if (account === undefined) {
      account = this.services.repos.accounts.get(post.accountId);
      accounts.set(post.accountId, account);
    }
    if (!account) {
      scheduledPosts.setOutcome(post.id, 'failed', now, 'The account no longer exists.');
      return true;
    }
    if (account.deletingSince !== null) return true;
    const result = postRecords.insertingForSettle(
      () => sender.sendNow?.({ scheduledPost: post, platform, now }, shared) ?? null,
    );
    // Nothing was sent: it stays waiting, for the careful path.
    if (result === null) return false;
    if (result.kind === 'moved') {
      scheduledPosts.moveTo(post.id, result.at, result.note, now);
      return true;
    }
    if (result.kind === 'over_month') {
      const message = overMonthMessage(result.message);
      scheduledPosts.settleDue(post, 'failed', now, now, message);
      this.#mailOverMonth(account, post, message, now);
      return true;
    }
    let status: ScheduledResultStatus;
    if (result.kind === 'not_sent') {
      scheduledPosts.recordNotSent(post.id, platform, result.reason);
      status = 'not_sent';
    } else {
      status = result.postId === null ? 'pending' : (postRecords.statusOf(result.postId) ?? 'timeout');
    }
    const goneOut = result.kind === 'sent' && result.postId !== null;
    const outcome = scheduledOutcomeFromResults([status]);
    scheduledPosts.settleDue(post, outcome, now, clock.now(), null, goneOut);
    settled.push({ post, outcome, now });
    return true;
  }

  async send(post: StoredScheduledPost, now: Date): Promise<void> {
    const { accounts, scheduledPosts } = this.services.repos;
    const account = accounts.get(post.accountId);
    if (!account) {
      scheduledPosts.setOutcome(post.id, 'failed', now, 'The account no longer exists.');
      return;
    }
    // An account being deleted sends nothing more; its deletion removes the post.
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
    this.services.events.scheduledSend(post, outcome, now);
  }

  /** "Free plan over its 30 posts for the month": failed, shown on the Scheduled page and e-mailed. */
  #failOverMonth(account: AccountRecord, post: StoredScheduledPost, reason: string, now: Date): void {
    const message = overMonthMessage(reason);
    this.services.repos.scheduledPosts.setOutcome(post.id, 'failed', now, message);
    this.#mailOverMonth(account, post, message, now);
  }

  #mailOverMonth(account: AccountRecord, post: StoredScheduledPost, message: string, now: Date): void {
    this.services.repos.outbox.add({
      accountId: account.id,
      to: account.email,
      subject: 'A scheduled post could not be published',
      body: `The post scheduled for ${post.at} to ${post.platforms.join(', ')} was not published. ${message} Upgrade or wait for the next month, then schedule it again.`,
      createdAt: now.toISOString(),
    });
  }
}

const overMonthMessage = (reason: string): string => `Not published when it was due: ${reason}`;

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
