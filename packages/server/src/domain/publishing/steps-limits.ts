import {
  allowanceFor,
  apiError,
  decideAllowance,
  decideXAddon,
  detectLinks,
  LIMITS,
  NETWORKS,
  nextUtcMidnight,
  publishAttemptCeiling,
  sameTimeNextUtcDay,
} from '@socialpub/core';
import { allowanceCounts, attemptsToday, skoolPostCounts, xAddonCounts } from './limit-counts.js';
import { accountCreatedAt, type PublishContext, required } from './publish-context.js';
import { upgradeUrl } from './publishing-urls.js';
import { willSchedule } from './steps-request.js';

const secondsUntil = (at: Date, now: Date): number =>
  Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** A scheduled post takes no 20-second wait and is never refused for an allowance at request time. */
function checkedAtSendTime(ctx: PublishContext): boolean {
  return willSchedule(ctx);
}

/** One post per network every 20 seconds per account: 429 with the seconds in the message. */
export function checkThrottle(ctx: PublishContext): void {
  if (checkedAtSendTime(ctx)) return;
  const platform = required(ctx.platform, 'platform');
  const spacing = LIMITS.throttle.postSpacingSecondsPerNetwork;
  // Only a send in the last `spacing` seconds can make this one wait.
  const windowStart = new Date(ctx.now.getTime() - spacing * 1000);
  const last = ctx.deps.store.lastPostSince(ctx.account.id, platform, windowStart);
  if (last === null) return;
  const free = new Date(last.getTime() + spacing * 1000);
  if (free.getTime() <= ctx.now.getTime()) return;
  const wait = secondsUntil(free, ctx.now);
  throw apiError('rate_limited', `One post per network every ${spacing} seconds: wait ${wait} seconds.`, {
    retryAfterSeconds: wait,
    extra: { retry_after_seconds: wait },
  });
}

/** skool: one post per hour per account (across profiles) and 10 per UTC day. */
export function checkSkoolLimit(ctx: PublishContext): void {
  const own = NETWORKS[required(ctx.platform, 'platform')].ownRateLimit;
  if (own === null || checkedAtSendTime(ctx)) return;
  const { store } = ctx.deps;
  const { hour: inHour, day: today } = skoolPostCounts(store, ctx.account.id, ctx.now);
  if (today >= own.postsPerUtcDay) {
    const wait = secondsUntil(nextUtcMidnight(ctx.now), ctx.now);
    throw apiError(
      'rate_limited',
      `skool takes ${own.postsPerUtcDay} posts a day per account: wait ${wait} seconds.`,
      {
        retryAfterSeconds: wait,
        extra: { retry_after_seconds: wait },
      },
    );
  }
  if (inHour >= own.postsPerHour) {
    const hourAgo = new Date(ctx.now.getTime() - 3_600_000);
    const last = store.lastPostSince(ctx.account.id, 'skool', hourAgo) ?? ctx.now;
    const wait = secondsUntil(new Date(last.getTime() + 3_600_000), ctx.now);
    throw apiError(
      'rate_limited',
      `skool takes ${own.postsPerHour} post an hour per account: wait ${wait} seconds.`,
      {
        retryAfterSeconds: wait,
        extra: { retry_after_seconds: wait },
      },
    );
  }
}

/** X posts use the add-on's own allowance: 200 a billing month, 20 of them with links. */
export function checkXAddon(ctx: PublishContext): void {
  if (ctx.platform !== 'x') return;
  ctx.detectedLinks = detectLinks(ctx.text ?? '');
  if (checkedAtSendTime(ctx)) return;
  const { used, linkUsed, resetsAt: end } = xAddonCounts(ctx.deps.store, ctx.account, ctx.now);
  const decision = decideXAddon({ used, linkUsed, detectedLinks: ctx.detectedLinks });
  if (decision.verdict === 'ok') return;
  const wait = secondsUntil(end, ctx.now);
  const common = {
    used: decision.used,
    limit: decision.limit,
    resets_at: end.toISOString(),
    plan: ctx.account.plan,
  };
  if (decision.verdict === 'x_limit_reached') {
    throw apiError(
      'x_limit_reached',
      `The X add-on's ${decision.limit} posts for this billing month are used.`,
      {
        retryAfterSeconds: wait,
        extra: { ...common, retry_after_seconds: wait },
      },
    );
  }
  throw apiError('x_link_limit_reached', `The X add-on's ${decision.linkLimit} posts with links are used.`, {
    retryAfterSeconds: wait,
    extra: {
      ...common,
      link_used: decision.linkUsed,
      link_limit: decision.linkLimit,
      detected_links: decision.detectedLinks,
      retry_after_seconds: wait,
    },
  });
}

/** Publish attempts (successful and failed) per profile per UTC day. */
export function checkAttempts(ctx: PublishContext): void {
  if (checkedAtSendTime(ctx)) return;
  const profile = required(ctx.profile, 'profile');
  const ceiling = publishAttemptCeiling(ctx.account.plan, ctx.now, accountCreatedAt(ctx));
  const attempts = attemptsToday(ctx.deps.store, ctx.account.id, profile.id, ctx.now);
  if (attempts < ceiling) return;
  const wait = secondsUntil(nextUtcMidnight(ctx.now), ctx.now);
  throw apiError(
    'daily_attempts_exceeded',
    `This profile made ${attempts} publish attempts today; stop until 00:00 UTC.`,
    {
      retryAfterSeconds: wait,
      extra: { attempts, ceiling, plan: ctx.account.plan, retry_after_seconds: wait },
    },
  );
}

/** Post allowance through core's decideAllowance: queue for the next UTC day, or 429 (Free monthly). */
export function checkAllowance(ctx: PublishContext): void {
  if (checkedAtSendTime(ctx)) return;
  const profile = required(ctx.profile, 'profile');
  const { store } = ctx.deps;
  const createdAt = accountCreatedAt(ctx);
  // Plans without an allowance skip the counting queries (a busy minute of scheduled sends included).
  if (allowanceFor(ctx.account.plan, ctx.now, createdAt).kind === 'none') return;
  const decision = decideAllowance({
    plan: ctx.account.plan,
    at: ctx.now,
    accountCreatedAt: createdAt,
    ...allowanceCounts(store, ctx.account.id, profile.id, ctx.now),
  });
  if (decision.verdict === 'ok') return;
  if (decision.verdict === 'queue_next_day') {
    ctx.delivery = {
      kind: 'queue',
      at: sameTimeNextUtcDay(ctx.now),
      limit: decision.limit,
      used: decision.used,
    };
    return;
  }
  const wait = secondsUntil(decision.resetsAt, ctx.now);
  throw apiError(
    'monthly_limit_reached',
    `This account used its ${decision.limit} posts for the month; nothing was queued.`,
    {
      retryAfterSeconds: wait,
      extra: {
        upgrade_url: upgradeUrl(ctx.deps.services.urls.base),
        used: decision.used,
        limit: decision.limit,
        window: decision.window,
        resets_at: decision.resetsAt.toISOString(),
        plan: ctx.account.plan,
        // Decision: the service keeps no trial history, so a Free account may always start one.
        trial_available: true,
        retry_after_seconds: wait,
      },
    },
  );
}

/** scheduledFor rule 1: at most 500 waiting posts per account (a next-day queue counts too). */
export function checkScheduleCapacity(ctx: PublishContext): void {
  if (ctx.delivery.kind === 'now') return;
  const max = LIMITS.scheduling.maxWaitingPostsPerAccount;
  if (ctx.deps.store.countWaitingScheduled(ctx.account.id) < max) return;
  throw apiError('scheduled_queue_full', `This account already has ${max} waiting scheduled posts.`);
}
