import { randomUUID } from 'node:crypto';
import { isApiError } from '@socialpub/core';
import type { AccountRecord } from '../../db/accounts-repo.js';
import type { CallerFacts } from '../../db/repositories.js';
import {
  dryRunAnswer,
  type PublishAnswer,
  publishReason,
  queuedAnswer,
  scheduledAnswer,
  sendAnswer,
} from './answers.js';
import { type CheckName, orderFor, runChecks, SHAPE_STEPS, startChecks } from './check-order.js';
import { type SentNow, sendToNetwork, sendToNetworkDirectNow } from './publish.js';
import {
  newContext,
  type PostsAddress,
  type PublishContext,
  type PublishingDeps,
  required,
} from './publish-context.js';
import type { KeptPostRequest, StoredScheduledPost } from './publishing-store.js';
import { upgradeUrl } from './publishing-urls.js';
import {
  lookUpScheduledPost,
  type ScheduledSendResult,
  sendScheduledPost,
  sendScheduledPostNow,
} from './send-scheduled.js';
import { SendTimeBatch } from './send-time-batch.js';
import { checkThrottle } from './steps-limits.js';

export interface PublishRequestInput {
  address: PostsAddress;
  account: AccountRecord;
  /** What the caller's key keeps about the account (caches/caller-facts-cache.ts), when a key was presented. */
  facts?: CallerFacts | undefined;
  /** The body as sent; the checks parse it in their own order. */
  rawBody: string;
  idempotencyKey: string | undefined;
}

export interface PreparedPost {
  delivery: PublishContext['delivery'];
  kept: KeptPostRequest;
  warnings: PublishContext['warnings'];
}

function keptRequest(ctx: PublishContext): KeptPostRequest {
  const videos = ctx.media.some((f) => f.kind === 'video');
  return {
    accountId: ctx.account.id,
    profileId: required(ctx.profile, 'profile').id,
    platform: required(ctx.platform, 'platform'),
    text: ctx.text,
    mediaIds: ctx.mediaIds,
    mediaUrls: ctx.mediaUrls,
    options: ctx.options,
    postType: ctx.postType,
    mediaType: ctx.media.length === 0 ? 'text' : videos ? 'video' : 'image',
  };
}

/** An address's order cut after its last shape step (refused as errors even in a dry run), once. */
const splits = new Map<PostsAddress, { shape: readonly CheckName[]; rest: readonly CheckName[] }>();
function splitOrder(address: PostsAddress): { shape: readonly CheckName[]; rest: readonly CheckName[] } {
  let split = splits.get(address);
  if (split === undefined) {
    const order = orderFor(address);
    const shapeEnd = Math.max(...SHAPE_STEPS.map((s) => order.indexOf(s)));
    split = { shape: order.slice(0, shapeEnd + 1), rest: order.slice(shapeEnd + 1) };
    splits.set(address, split);
  }
  return split;
}

/** A refusal after the shape checks: a dry run answers it, anything else is thrown on. */
function dryRunRefusal(ctx: PublishContext, error: unknown): PublishAnswer {
  if (!ctx.dryRun || !isApiError(error)) throw error;
  // The refusal's words too: a dry run says why (a network's own words, "416 of 280").
  return dryRunAnswer(ctx, 'refuse', { code: error.code, status: error.status, message: error.message });
}

/**
 * POST /posts on both addresses: runs the checks in the address's order, then publishes, schedules
 * or queues. Refusals are thrown as core ApiErrors (never remembered); a dry run answers them.
 */
export class PublishingService {
  /** Made once, emptied as each batch begins (`SendTimeBatch.reset`). */
  #sendTimeBatch: SendTimeBatch | undefined;

  constructor(readonly deps: PublishingDeps) {}

  async handle(input: PublishRequestInput): Promise<PublishAnswer> {
    return this.handleNow(input);
  }

  /**
   * `handle`, answered without a promise when nothing in it waits: every check finished at once
   * and nothing goes to a network (a dry run, a schedule, a queued post). Most requests need nothing
   * awaited (no media to look up): their steps then run without a promise (`startChecks`); a step
   * that has to wait is awaited, then the rest run after it. Refusals are thrown (at once, or by
   * the promise).
   */
  handleNow(input: PublishRequestInput): PublishAnswer | Promise<PublishAnswer> {
    const ctx = newContext(this.deps, input);
    const { shape, rest } = splitOrder(input.address);
    const shapeChecked = startChecks(ctx, shape);
    if (shapeChecked !== null) return shapeChecked.then(() => this.#afterShape(ctx, rest));
    return this.#afterShape(ctx, rest);
  }

  /** The checks after the shape's, then the answer: a dry run answers a refusal instead of throwing it. */
  #afterShape(ctx: PublishContext, rest: readonly CheckName[]): PublishAnswer | Promise<PublishAnswer> {
    let restChecked: Promise<void> | null;
    try {
      restChecked = startChecks(ctx, rest);
    } catch (error) {
      return dryRunRefusal(ctx, error);
    }
    if (restChecked === null) return this.#checked(ctx);
    return restChecked.then(
      () => this.#checked(ctx),
      (error: unknown) => dryRunRefusal(ctx, error),
    );
  }

  /** Every check passed: the dry run's answer, or the post scheduled, queued or sent. */
  #checked(ctx: PublishContext): PublishAnswer | Promise<PublishAnswer> {
    if (ctx.dryRun) {
      if (ctx.delivery.kind === 'schedule')
        return dryRunAnswer(ctx, 'schedule', { code: 'scheduled', status: 202 });
      if (ctx.delivery.kind === 'queue') {
        return dryRunAnswer(ctx, 'queue', { code: 'queued_for_next_day', status: 202 });
      }
      return dryRunAnswer(ctx, 'publish', publishReason(ctx));
    }
    const delivery = ctx.delivery;
    if (delivery.kind === 'schedule') {
      const id = this.#schedule(ctx, delivery.at, null);
      return scheduledAnswer(ctx, id, delivery.at);
    }
    if (delivery.kind === 'queue') {
      const id = this.#schedule(ctx, delivery.at, 'The daily allowance was used; moved to the next UTC day.');
      return queuedAnswer(ctx, id, delivery, upgradeUrl(this.deps.services.urls.base));
    }
    return this.#send(ctx);
  }

  #send(ctx: PublishContext): Promise<PublishAnswer> {
    let now: SentNow | null;
    try {
      // Checked again with no await before the send: another request may have taken the network's
      // 20-second slot while this one awaited its checks (Limits, Request throttle).
      checkThrottle(ctx);
      // A network answering at once: the record exists (and holds the slot) before anything else
      // runs, so no send is in flight to hold it; answered once the record is committed.
      now = sendToNetworkDirectNow(ctx);
    } catch (error) {
      return Promise.reject(error);
    }
    if (now === null) return this.#sendAndWait(ctx);
    const { sent } = now;
    return now.committed.then(() => sendAnswer(ctx, sent));
  }

  async #sendAndWait(ctx: PublishContext): Promise<PublishAnswer> {
    const release = this.deps.store.beginSend(ctx.account.id, required(ctx.platform, 'platform'), ctx.now);
    try {
      return sendAnswer(ctx, await sendToNetwork(ctx, null));
    } finally {
      release();
    }
  }

  /**
   * Every check of `handle`, with nothing sent, counted or recorded (like a dry run), answering the
   * request a scheduled post would keep. The connector's `service_update_scheduled_post` stores it
   * in the waiting post in one transaction; refusals are thrown as ApiErrors.
   */
  async prepare(input: PublishRequestInput): Promise<PreparedPost> {
    const ctx = newContext(this.deps, input);
    ctx.checkOnly = true;
    await runChecks(ctx, orderFor(input.address));
    return { delivery: ctx.delivery, kept: keptRequest(ctx), warnings: ctx.warnings };
  }

  /** The scheduler's send of a due scheduled post (at-send-time checks, then the network). */
  sendScheduled(scheduled: StoredScheduledPost): Promise<ScheduledSendResult> {
    return sendScheduledPost(this.deps, scheduled);
  }

  /** The same send when nothing in it waits (written synchronously); null when something would. */
  sendScheduledNow(
    scheduled: StoredScheduledPost,
    batch: SendTimeBatch | null = null,
  ): ScheduledSendResult | null {
    return sendScheduledPostNow(this.deps, scheduled, batch);
  }

  /**
   * The lookups the sends of one scheduler batch share (`SendTimeBatch`), for `sendScheduledNow`:
   * the same object each time, emptied, so valid until the next call (a batch is one synchronous
   * transaction).
   */
  sendTimeBatch(): SendTimeBatch {
    this.#sendTimeBatch ??= new SendTimeBatch(this.deps.services.repos);
    return this.#sendTimeBatch.reset();
  }

  /** Ahead of a due time: what the send will look up is read into memory (`lookUpScheduledPost`). */
  lookUpScheduled(scheduled: StoredScheduledPost): void {
    lookUpScheduledPost(this.deps, scheduled);
  }

  #schedule(ctx: PublishContext, at: Date, note: string | null): string {
    const kept = keptRequest(ctx);
    const id = randomUUID();
    const post: StoredScheduledPost = {
      id,
      accountId: ctx.account.id,
      profileId: kept.profileId,
      platforms: [kept.platform],
      at: at.toISOString(),
      scheduledFor: at.toISOString(),
      createdAt: ctx.now.toISOString(),
      note,
      mediaType: kept.mediaType,
      request: { ...kept },
    };
    this.deps.store.insertScheduledPost(post);
    return id;
  }
}
