import { answersProcessing, standardErrorBody, type Warning } from '@socialpub/core';
import { type SendOutcome, serviceIds } from './publish.js';
import type { PublishContext } from './publish-context.js';

/** An answer of POST /posts and whether the idempotency layer keeps it (Idempotency rules 7 and 8). */
export interface PublishAnswer {
  status: number;
  body: Record<string, unknown>;
  remember: boolean;
  /** `JSON.stringify(body)`, when the answer is one of the few kept written out (`dryRunAnswer`). */
  json?: string;
}

function withWarnings(body: Record<string, unknown>, warnings: Warning[]): Record<string, unknown> {
  return warnings.length > 0 ? { ...body, warnings } : body;
}

const STILL_PUBLISHING_MESSAGE =
  'The network is slower than the request can wait; the outcome is unknown. Do not send it again: check GET /posts.';

/** The Responses table of POST /posts for a post handed to the network. */
export function sendAnswer(ctx: PublishContext, sent: SendOutcome): PublishAnswer {
  const base = ctx.deps.services.urls.base;
  switch (sent.kind) {
    case 'published':
      return {
        status: 200,
        body: withWarnings({ data: sent.result, service: serviceIds(base, sent.postId, null) }, ctx.warnings),
        remember: true,
      };
    case 'processing':
      return {
        status: 202,
        body: withWarnings({ data: sent.result, service: serviceIds(base, sent.postId, null) }, ctx.warnings),
        remember: true,
      };
    case 'still_publishing':
    case 'timeout':
    case 'unconfirmed': {
      // A timeout (sent, never confirmed) reads like a late answer: do not resend, check history.
      const body: Record<string, unknown> = {
        success: false,
        status: 'unknown',
        code: 'still_publishing',
        retry: false,
        message: STILL_PUBLISHING_MESSAGE,
        post_id: sent.postId,
      };
      if (sent.postId !== null) body['service'] = serviceIds(base, sent.postId, null);
      return { status: 202, body: withWarnings(body, ctx.warnings), remember: true };
    }
    case 'failed': {
      // "The service ids field": a failure reported by the network made a post record, so the
      // answer carries top-level `service` beside `error`, as every other answer that made one.
      const service = serviceIds(base, sent.postId, null);
      const { error } = standardErrorBody(sent.code, sent.message);
      // "Older addresses": a network's error is passed without an added error.code.
      if (ctx.address === 'legacy' && sent.derived) {
        const { code: _added, ...rest } = error;
        return { status: sent.status, body: { error: rest, service }, remember: sent.status >= 500 };
      }
      // A 5xx after handing over is unconfirmed (remembered); a network's own refusal is not.
      return { status: sent.status, body: { error, service }, remember: sent.status >= 500 };
    }
  }
}

export function scheduledAnswer(ctx: PublishContext, id: string, at: Date): PublishAnswer {
  const scheduledAt = at.toISOString();
  const body = {
    scheduled: true,
    code: 'scheduled',
    message: `Scheduled for ${scheduledAt}.`,
    scheduled_post_id: id,
    scheduled_at: scheduledAt,
    platform: ctx.platform,
    profile_id: ctx.profile?.id,
    data: { status: 'scheduled', scheduled_post_id: id, scheduled_at: scheduledAt },
    service: serviceIds(ctx.deps.services.urls.base, null, id),
  };
  return { status: 202, body: withWarnings(body, ctx.warnings), remember: true };
}

export function queuedAnswer(
  ctx: PublishContext,
  id: string,
  queue: { at: Date; limit: number; used: number },
  upgradeUrl: string,
): PublishAnswer {
  const scheduledAt = queue.at.toISOString();
  const body = {
    queued: true,
    code: 'queued_for_next_day',
    message: `The daily allowance of ${queue.limit} posts is used; the post goes out at ${scheduledAt}.`,
    upgrade_url: upgradeUrl,
    scheduled_post_id: id,
    scheduled_at: scheduledAt,
    limit: queue.limit,
    used: queue.used,
    plan: ctx.account.plan,
    service: serviceIds(ctx.deps.services.urls.base, null, id),
  };
  return { status: 202, body: withWarnings(body, ctx.warnings), remember: true };
}

export type DryRunOutcome = 'publish' | 'queue' | 'schedule' | 'refuse';

/** Dry run: 200 with what the request would do; nothing sent, counted or recorded. */
export function dryRunAnswer(
  ctx: PublishContext,
  outcome: DryRunOutcome,
  reason: { code: string | null; status: number; message?: string },
): PublishAnswer {
  const body = {
    dry_run: true,
    outcome,
    would_publish: outcome === 'publish',
    reason,
    warnings: ctx.warnings,
  };
  if (ctx.warnings.length > 0 || reason.message !== undefined) return { status: 200, body, remember: false };
  return { status: 200, body, remember: false, json: dryRunText(body, reason) };
}

/**
 * A dry run without warnings answers one of a few texts (its outcome, and the code and status it
 * would get): they are written out once and kept, since every dry run's answer would otherwise
 * serialise the same few fields again. Bounded by the catalog's codes; past the bound, written anew.
 */
const dryRunTexts = new Map<string, string>();
const DRY_RUN_TEXTS_KEPT = 256;

function dryRunText(
  body: { outcome: DryRunOutcome },
  reason: { code: string | null; status: number },
): string {
  // A code is told from none by its colon: no code can then stand for another, or for null.
  const key = `${body.outcome} ${reason.status} ${reason.code === null ? '' : `:${reason.code}`}`;
  let text = dryRunTexts.get(key);
  if (text === undefined) {
    text = JSON.stringify(body);
    if (dryRunTexts.size < DRY_RUN_TEXTS_KEPT) dryRunTexts.set(key, text);
  }
  return text;
}

/** The code and status a post that passed every check would answer. */
export function publishReason(ctx: PublishContext): { code: string | null; status: number } {
  const videos = ctx.media.filter((f) => f.kind === 'video').map((f) => f.size ?? 0);
  const platform = ctx.platform;
  if (platform !== undefined && answersProcessing(platform, videos.length > 0 ? Math.max(...videos) : null)) {
    return { code: 'processing', status: 202 };
  }
  return { code: null, status: 200 };
}
