import { LIMITS, NETWORKS, type ServiceIds } from '@socialpub/core';
import { isoInstant } from '../../clocks/iso-instant.js';
import type { ConnectionRecord } from '../../db/connections-repo.js';
import { acceptedTextDigest } from '../../db/network-memory.js';
import {
  type NetworkResult,
  type PublishInput,
  type PublishOutcome,
  type SimulateBehaviour,
  type SimulateSettings,
  takeNextBehaviour,
} from '../../networks/index.js';
import { deliveryOf } from '../deliveries/delivery-of-send.js';
import { effectiveHealth } from '../network-health.js';
import { firstFiguresAt } from '../posts/figures-collection.js';
import { postRecordId } from '../posts/post-record-id.js';
import { type PublishContext, required } from './publish-context.js';
import type { StoredPost } from './publishing-store.js';
import { statusUrl } from './publishing-urls.js';

/** What happened when the post was handed to the network. */
export type SendOutcome =
  | { kind: 'published'; postId: string; result: NetworkResult }
  | { kind: 'processing'; postId: string; result: NetworkResult }
  /** `postId` null: a late answer on a network that records the post only once it answers. */
  | { kind: 'still_publishing'; postId: string | null }
  | { kind: 'timeout'; postId: string }
  | { kind: 'unconfirmed'; postId: string }
  /** `derived`: the network gave no code of its own (the older address then adds none). */
  | { kind: 'failed'; postId: string; status: number; code: string; message: string; derived: boolean };

export function serviceIds(base: string, postId: string | null, scheduledPostId: string | null): ServiceIds {
  const id = postId ?? scheduledPostId ?? '';
  return { post_id: postId, scheduled_post_id: scheduledPostId, status_url: statusUrl(base, id) };
}

function mediaType(ctx: PublishContext): string | null {
  if (ctx.media.length === 0) return 'text';
  return ctx.media.some((f) => f.kind === 'video') ? 'video' : 'image';
}

/** Post record: error_message is at most 1,000 characters. */
function clip(message: string): string {
  return message.slice(0, LIMITS.errorMessageMaxLength);
}

function publishInput(
  ctx: PublishContext,
  scheduledPostId: string | null,
  behaviour: SimulateBehaviour,
): PublishInput {
  const connection = required(ctx.connection, 'connection');
  return {
    platform: required(ctx.platform, 'platform'),
    accountId: ctx.account.id,
    profileId: required(ctx.profile, 'profile').id,
    networkRules: networkRulesOf(connection),
    postType: ctx.postType,
    text: ctx.text,
    media: ctx.media,
    options: ctx.options,
    connection: {
      username: connection.username,
      health: effectiveHealth(connection, ctx.now),
      options: connection.options,
    },
    behaviour,
    scheduled: scheduledPostId !== null,
    now: ctx.now,
  };
}

/** `simulate.rules` of the connection: `lenient` switches the networks' own rules off. */
export function networkRulesOf(connection: ConnectionRecord): 'real' | 'lenient' {
  return (connection.simulate as SimulateSettings).rules === 'lenient' ? 'lenient' : 'real';
}

/** Uses up the connection's next `simulate.next` entry, if any, and gives the behaviour for this post. */
function takeBehaviour(ctx: PublishContext): SimulateBehaviour {
  const taken = takeNextBehaviour(required(ctx.connection, 'connection').simulate as SimulateSettings);
  keepRemaining(ctx, taken.remaining);
  return taken.behaviour;
}

/** Stores what is left of the connection's `simulate.next` once an entry was used. */
function keepRemaining(ctx: PublishContext, remaining: SimulateSettings): void {
  const connection = required(ctx.connection, 'connection');
  if (remaining === connection.simulate) return;
  ctx.deps.services.repos.connections.put({
    ...connection,
    simulate: remaining as Record<string, unknown>,
  });
}

/**
 * Hands the checked post to the network's driver: consumes `simulate.next` and records the post
 * (a post finishing after the answer with its `finish_at`, see `finishLater`).
 */
export async function sendToNetwork(
  ctx: PublishContext,
  scheduledPostId: string | null,
): Promise<SendOutcome> {
  const behaviour = takeBehaviour(ctx);
  const platform = required(ctx.platform, 'platform');
  const outcome = await ctx.deps.services.drivers[platform].publish(
    publishInput(ctx, scheduledPostId, behaviour),
  );
  const { store } = ctx.deps;
  if (scheduledPostId !== null) {
    return recordOutcome(ctx, scheduledPostId, behaviour, outcome, (post) => store.insertPost(post));
  }
  // A direct publish shares its commit with the others recorded in this turn; it is answered once
  // its record is committed.
  let committed: Promise<void> = Promise.resolve();
  const sent = recordOutcome(ctx, null, behaviour, outcome, (post) => {
    committed = store.insertPostCommitted(post);
  });
  await committed;
  return sent;
}

/** A direct publish recorded at once, and its commit (shared with the others of this turn). */
export interface SentNow {
  sent: SendOutcome;
  committed: Promise<void>;
}

const NOTHING_TO_COMMIT: Promise<void> = Promise.resolve();

/**
 * A direct publish (no scheduled post) when the network answers at once (`NetworkDriver.answerNow`):
 * `sendToNetwork`'s work with nothing awaited before the record, so the post is recorded (and
 * counted by the limits) in the same turn its checks passed. Null, with nothing used up or written,
 * when the network makes the request wait: then `sendToNetwork`.
 */
export function sendToNetworkDirectNow(ctx: PublishContext): SentNow | null {
  const answered = answerAtOnce(ctx, null, true);
  if (answered === null) return null;
  let committed = NOTHING_TO_COMMIT;
  const { store } = ctx.deps;
  const sent = recordOutcome(ctx, null, answered.behaviour, answered.outcome, (post) => {
    committed = store.insertPostCommitted(post);
  });
  return { sent, committed };
}

/**
 * The network's answer when it gives one at once, with the connection's next behaviour used up
 * only then; null, with nothing used up or written, when it makes the request wait (or, unless
 * `lateToo`, when it answers "still publishing", which the careful path records).
 */
function answerAtOnce(
  ctx: PublishContext,
  scheduledPostId: string | null,
  lateToo: boolean,
): { behaviour: SimulateBehaviour; outcome: PublishOutcome } | null {
  const answerNow = ctx.deps.services.drivers[required(ctx.platform, 'platform')].answerNow;
  if (answerNow === undefined) return null;
  const { behaviour, remaining } = takeNextBehaviour(
    required(ctx.connection, 'connection').simulate as SimulateSettings,
  );
  const outcome = answerNow(publishInput(ctx, scheduledPostId, behaviour));
  if (outcome === null || (!lateToo && outcome.kind === 'still_publishing')) return null;
  keepRemaining(ctx, remaining);
  return { behaviour, outcome };
}

/**
 * The same send without waiting, when the network answers at once (see `NetworkDriver.answerNow`)
 * and its answer needs no later work: everything it writes happens synchronously, so the caller can
 * commit it together with the scheduled post's outcome. Null, with nothing written, otherwise.
 */
export function sendToNetworkNow(ctx: PublishContext, scheduledPostId: string | null): SendOutcome | null {
  // A late answer ("still publishing") is recorded by in-memory work later: the careful path.
  const answered = answerAtOnce(ctx, scheduledPostId, false);
  if (answered === null) return null;
  return recordOutcome(ctx, scheduledPostId, answered.behaviour, answered.outcome, (post) =>
    ctx.deps.store.insertPost(post),
  );
}

/** What a record takes from the network's answer; the rest comes from the send. */
type RecordFields = Partial<
  Pick<StoredPost, 'publishId' | 'permalink' | 'errorMessage' | 'networkResult' | 'finishAt'>
>;
const NO_FIELDS: RecordFields = {};

/**
 * Records the network's answer as the post record and says what happened. `insert` writes a record
 * made now; one made later (a late answer's) is inserted on its own when it comes.
 */
function recordOutcome(
  ctx: PublishContext,
  scheduledPostId: string | null,
  behaviour: SimulateBehaviour,
  outcome: PublishOutcome,
  insert: (post: StoredPost) => void,
): SendOutcome {
  const { services, store } = ctx.deps;
  const platform = required(ctx.platform, 'platform');
  const profile = required(ctx.profile, 'profile');
  const connection = required(ctx.connection, 'connection');
  const now = isoInstant(ctx.now.getTime());
  // The send's connection, whose standing figures stand in for a post that kept none; a record
  // made later (a late answer's) reads the connection as it is then.
  let figuresConnection: ConnectionRecord | null | undefined = connection;
  const record = (
    status: StoredPost['status'],
    fields: RecordFields = NO_FIELDS,
    write: (post: StoredPost) => void = insert,
  ): string => {
    const id = postRecordId(ctx.now);
    // Every field named here, so that each record is built with one shape and no copying.
    const post: StoredPost = {
      id,
      accountId: ctx.account.id,
      profileId: profile.id,
      platform,
      status,
      mediaType: mediaType(ctx),
      publishId: fields.publishId ?? null,
      permalink: fields.permalink ?? null,
      errorMessage: fields.errorMessage ?? null,
      at: now,
      updatedAt: now,
      scheduledPostId,
      notices: ctx.notices,
      hasLinks: ctx.detectedLinks.length > 0,
      networkResult: fields.networkResult,
      username: connection.username,
      finishAt: fields.finishAt,
      simulatedFigures: behaviour.figures ?? null,
      figuresText: undefined,
      nextFiguresAt: undefined,
      // The network inbox: a post the network took carries what it received, written with the record.
      delivery: deliveryOf(services.keepDeliveries, status, ctx),
      // A network that refuses duplicates remembers the text it took, in the same row.
      textDigest: acceptedTextDigest(platform, status === 'success' || status === 'processing', ctx.text),
    };
    // Its first figure collection is due the moment it succeeds: taken now, in the same insert.
    if (status === 'success') {
      const first = firstFiguresAt(services, post, ctx.now, figuresConnection);
      post.figuresText = first.figuresText;
      post.nextFiguresAt = first.nextFiguresAt;
    }
    write(post);
    return id;
  };
  switch (outcome.kind) {
    case 'published': {
      const { finishAt } = outcome;
      const postId = record(finishAt === undefined ? 'success' : 'processing', {
        publishId: publishIdOf(outcome.result),
        networkResult: outcome.result,
        permalink: finishAt === undefined ? (outcome.result.permalink ?? null) : null,
        finishAt: finishAt === undefined ? undefined : isoInstant(finishAt.getTime()),
      });
      return { kind: 'published', postId, result: outcome.result };
    }
    case 'processing': {
      const postId = record('processing', {
        publishId: publishIdOf(outcome.result),
        ...finishLater(outcome.result, outcome.finishAt),
      });
      return { kind: 'processing', postId, result: outcome.result };
    }
    case 'still_publishing': {
      if (NETWORKS[platform].stillPublishingAlwaysRecorded) {
        const postId = record('processing', finishLater(outcome.result, outcome.finishAt));
        return { kind: 'still_publishing', postId };
      }
      // Decision: on the other networks the post appears in history only once the network answers.
      services.clocks.dueWorkFor(ctx.account.id).schedule(outcome.finishAt, (at) => {
        ctx.now = at;
        figuresConnection = undefined;
        record(
          'success',
          {
            publishId: publishIdOf(outcome.result),
            permalink: outcome.result.permalink ?? null,
            networkResult: outcome.result,
          },
          (post) => store.insertPost(post),
        );
      });
      return { kind: 'still_publishing', postId: null };
    }
    case 'timeout':
      return { kind: 'timeout', postId: record('timeout') };
    case 'unconfirmed':
      return { kind: 'unconfirmed', postId: record('timeout') };
    case 'failed': {
      const postId = record('failed', { errorMessage: clip(outcome.message) });
      const derived =
        outcome.derived ??
        (behaviour.error?.code === undefined && connection.health !== 'reconnect_required');
      return {
        kind: 'failed',
        postId,
        status: outcome.status,
        code: outcome.code,
        message: outcome.message,
        derived,
      };
    }
  }
}

/**
 * A post finishing after the answer keeps what finishing needs (the network's result, `finish_at`)
 * in its record; the posts area's due-work source finishes it then, across restarts too
 * (`finishPendingPost`).
 */
function finishLater(result: NetworkResult, finishAt: Date): Pick<StoredPost, 'networkResult' | 'finishAt'> {
  return { networkResult: result, finishAt: isoInstant(finishAt.getTime()) };
}

function publishIdOf(result: NetworkResult): string | null {
  return result.publish_id ?? result.container_id ?? result.post_id ?? null;
}
