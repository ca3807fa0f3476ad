import { applyCaptionRules } from './caption-rules.js';
import { checkMediaFiles, checkPostType } from './media-files.js';
import type { PostsAddress, PublishContext } from './publish-context.js';
import { addScheduledWarnings } from './scheduled-warnings.js';
import { checkConnection, checkPlanGate, checkProfile } from './steps-account.js';
import { checkMediaRule, checkNetworkOptions, checkTextLimits, checkYoutubeTags } from './steps-content.js';
import {
  checkAllowance,
  checkAttempts,
  checkScheduleCapacity,
  checkSkoolLimit,
  checkThrottle,
  checkXAddon,
} from './steps-limits.js';
import { checkCoverUrl, prepareTiktokPhotoPost } from './steps-media-prepare.js';
import { checkNetworkRulesStep } from './steps-network-rules.js';
import { checkBodyShape, checkIdempotencyKey, checkJson, checkScheduledFor } from './steps-request.js';

export type CheckStep = (ctx: PublishContext) => void | Promise<void>;

/** Every check of POST /posts by name; the orders below are the only place their sequence is decided. */
export const CHECK_STEPS = {
  json: checkJson,
  idempotency_key: checkIdempotencyKey,
  body_shape: checkBodyShape,
  profile: checkProfile,
  connection: checkConnection,
  plan_gate: checkPlanGate,
  media_rule: checkMediaRule,
  network_options: checkNetworkOptions,
  youtube_tags: checkYoutubeTags,
  scheduled_for: checkScheduledFor,
  text_limits: checkTextLimits,
  media_files: checkMediaFiles,
  post_type: checkPostType,
  cover_url: checkCoverUrl,
  tiktok_photos: prepareTiktokPhotoPost,
  captions: applyCaptionRules,
  throttle: checkThrottle,
  skool_limit: checkSkoolLimit,
  x_addon: checkXAddon,
  attempts: checkAttempts,
  allowance: checkAllowance,
  schedule_capacity: checkScheduleCapacity,
  scheduled_warnings: addScheduledWarnings,
  network_rules: checkNetworkRulesStep,
} satisfies Record<string, CheckStep>;

export type CheckName = keyof typeof CHECK_STEPS;

/** Steps whose refusal is answered as an error even in a dry run: without them there is no request. */
export const SHAPE_STEPS: readonly CheckName[] = ['json', 'idempotency_key', 'body_shape'];

/** The current address: JSON before the key; the profile before plan gate and the 20-second wait. */
export const CURRENT_ORDER: readonly CheckName[] = [
  'json',
  'idempotency_key',
  'body_shape',
  'profile',
  'connection',
  'plan_gate',
  'media_rule',
  'network_options',
  'youtube_tags',
  'scheduled_for',
  'text_limits',
  'media_files',
  'post_type',
  'cover_url',
  'tiktok_photos',
  'captions',
  'throttle',
  'skool_limit',
  'x_addon',
  'attempts',
  'allowance',
  'schedule_capacity',
  'scheduled_warnings',
  // Last, as the network answers after every rule of the service passed.
  'network_rules',
];

/**
 * "Older addresses": key before JSON, scheduledFor before YouTube tags, plan gate 403 and the
 * 20-second wait 429 before the profile.
 */
export const LEGACY_ORDER: readonly CheckName[] = [
  'idempotency_key',
  'json',
  'body_shape',
  'plan_gate',
  'throttle',
  'profile',
  'connection',
  'media_rule',
  'network_options',
  'scheduled_for',
  'youtube_tags',
  'text_limits',
  'media_files',
  'post_type',
  'cover_url',
  'tiktok_photos',
  'captions',
  'skool_limit',
  'x_addon',
  'attempts',
  'allowance',
  'schedule_capacity',
  'scheduled_warnings',
  // Last, as the network answers after every rule of the service passed.
  'network_rules',
];

/**
 * The at-send-time checks of a scheduled post. The allowance comes first (rule 4: checked when it
 * goes out): it decides whether the post leaves `scheduled` at all ("due time reached, allowance ok"
 * in States and transitions), so a post over its daily allowance moves before anything else is asked.
 */
export const SEND_TIME_ORDER: readonly CheckName[] = [
  'allowance',
  'connection',
  'plan_gate',
  'media_files',
  'cover_url',
  'tiktok_photos',
  'x_addon',
  'attempts',
];

/**
 * The send-time checks that only look things up in memory or the database (nothing is asked of an
 * address, nothing waits, nothing is written): run ahead of a busy minute (`lookUpScheduledPost`),
 * they leave the rows and post counts the sends will read in memory.
 */
export const SEND_TIME_LOOKUPS: readonly CheckName[] = [
  'allowance',
  'connection',
  'plan_gate',
  'x_addon',
  'attempts',
];

export function orderFor(address: PostsAddress): readonly CheckName[] {
  return address === 'legacy' ? LEGACY_ORDER : CURRENT_ORDER;
}

/** A refusal carries the name of the step that made it. */
function namedRefusal(error: unknown, name: CheckName | undefined): unknown {
  if (error instanceof Error) Object.assign(error, { step: name });
  return error;
}

/** One step, started: a promise only when it has to wait; a refusal thrown at once is named. */
function startStep(ctx: PublishContext, name: CheckName): void | Promise<void> {
  try {
    return CHECK_STEPS[name](ctx);
  } catch (error) {
    throw namedRefusal(error, name);
  }
}

/** Runs the steps in order; the first refusal is thrown with the name of the step that made it. */
export async function runChecks(ctx: PublishContext, order: readonly CheckName[]): Promise<void> {
  for (const name of order) {
    // Most steps are synchronous: awaiting only the ones that return a promise saves a microtask
    // per step (about 20 per request) without changing the order or the first refusal.
    const pending = startStep(ctx, name);
    if (pending instanceof Promise)
      await pending.catch((error: unknown) => Promise.reject(namedRefusal(error, name)));
  }
}

/**
 * `runChecks` without a promise while every step finishes at once: null once all ran, else the
 * promise of the step that has to wait and of the steps after it. Each step runs once, in order,
 * and the first refusal is thrown (at once, or by the promise) with its step's name.
 */
export function startChecks(ctx: PublishContext, order: readonly CheckName[]): Promise<void> | null {
  for (let i = 0; i < order.length; i++) {
    const pending = startStep(ctx, order[i] as CheckName);
    if (pending instanceof Promise) return finishChecks(ctx, order, i, pending);
  }
  return null;
}

async function finishChecks(
  ctx: PublishContext,
  order: readonly CheckName[],
  waiting: number,
  pending: Promise<void>,
): Promise<void> {
  await pending.catch((error: unknown) => Promise.reject(namedRefusal(error, order[waiting])));
  await runChecks(ctx, order.slice(waiting + 1));
}

/**
 * Runs the steps without waiting: true when every one finished at once; false as soon as one has to
 * wait (a file still importing, an address to ask), and the caller then runs them with `runChecks`.
 * Steps only read and fill `ctx`, so running them again from the start changes nothing.
 */
export function runChecksNow(ctx: PublishContext, order: readonly CheckName[]): boolean {
  for (const name of order) {
    const pending = startStep(ctx, name);
    if (pending instanceof Promise) {
      pending.catch(() => undefined);
      return false;
    }
  }
  return true;
}
