import {
  type ApiError,
  apiError,
  LIMITS,
  NETWORKS,
  normalizeIdempotencyKey,
  normalizePostRequest,
  PLATFORMS,
  parseScheduledFor,
  readJsonText,
} from '@socialpub/core';
import { type PublishContext, required, warn } from './publish-context.js';

// Body-shape refusals are the address's own (`bad_request`, `api_error` on the older address:
// the route's error mapping renames them), never a network's.
function badRequest(message: string, parameter?: string): ApiError {
  return apiError('bad_request', message, {
    ...(parameter === undefined ? {} : { extra: { parameter } }),
  });
}

/** Invalid JSON, or a body that is not one JSON object. */
export function checkJson(ctx: PublishContext): void {
  if (Buffer.byteLength(ctx.rawBody) > LIMITS.jsonBody.maxBytes) {
    throw badRequest(`The body is larger than ${LIMITS.jsonBody.maxBytes} bytes.`);
  }
  // Nesting is bounded before parsing (core's LIMITS.jsonBody): a deeper body is this 400.
  const reading = readJsonText(ctx.rawBody);
  if (!reading.ok) throw badRequest(reading.message);
  const value = reading.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('The body must be a JSON object with a `post` object.');
  }
  ctx.body = value;
}

/**
 * The idempotency middleware owns keys; this step only fixes WHERE a bad key is refused relative to
 * the other checks ("Older addresses": key before JSON there, after it here). Dry runs ignore it.
 */
export function checkIdempotencyKey(ctx: PublishContext): void {
  if (ctx.idempotencyKeyHeader === undefined) return;
  if (ctx.body !== undefined && normalizePostRequest(ctx.body).dryRun === true) return;
  if (!normalizeIdempotencyKey(ctx.idempotencyKeyHeader).ok) {
    throw apiError(
      'idempotency_key_invalid',
      'Idempotency-Key must be 1 to 255 printable ASCII characters; nothing was sent.',
    );
  }
}

/** Missing `post`, `accountId` or `platform`, an unknown platform, a `dryRun` that is not a boolean. */
export function checkBodyShape(ctx: PublishContext): void {
  const request = normalizePostRequest(ctx.body);
  if (request.dryRun === 'invalid') throw badRequest('dryRun must be true or false.', 'dryRun');
  if (request.via === null)
    throw badRequest('The body needs a `post` object (or `validate` for a dry run).', 'post');
  if (request.accountId === undefined) {
    throw badRequest('post.accountId is required: a profile UUID, @handle or profile name.', 'accountId');
  }
  if (request.platform === undefined) throw badRequest('post.platform is required.', 'platform');
  if (request.knownPlatform === undefined) {
    throw badRequest(
      `Unknown platform "${request.platform}"; use one of ${PLATFORMS.join(', ')}.`,
      'platform',
    );
  }
  ctx.request = request;
  ctx.dryRun = request.dryRun;
  ctx.platform = request.knownPlatform;
  ctx.options = { ...request.options };
  ctx.text = request.text ?? null;
  const misnamed = Object.keys(NETWORKS[request.knownPlatform].misnamedOptions).map(
    (name) => `${request.via}.${request.knownPlatform}.${name}`,
  );
  for (const field of request.unknownFields.filter((name) => !misnamed.includes(name))) {
    warn(ctx, 'unknown_field', `The field ${field} is not known and was not used.`, { field });
  }
  for (const block of request.otherBlocks) {
    warn(ctx, 'field_not_used', `post.${block} is for another network and was not used.`, {
      field: `post.${block}`,
    });
  }
  for (const block of request.optionsOutsidePost) {
    warn(ctx, 'options_outside_post', `The ${block} block was sent next to post; put it inside post.`, {
      field: block,
    });
  }
}

/** scheduledFor rules 1 to 3: more than 60 seconds ahead schedules; errors carry `error.reason`. */
export function checkScheduledFor(ctx: PublishContext): void {
  const request = required(ctx.request, 'request');
  if (request.scheduledFor === undefined || request.scheduledFor === null) return;
  const parsed = parseScheduledFor(request.scheduledFor, ctx.now);
  if (!parsed.ok) {
    throw apiError('scheduled_for_invalid', scheduledForMessage(parsed.reason), {
      extra: { reason: parsed.reason },
    });
  }
  if (parsed.mode === 'scheduled') ctx.delivery = { kind: 'schedule', at: parsed.at };
}

/** True when `scheduledFor` will schedule: the older address asks before it reads the time itself. */
export function willSchedule(ctx: PublishContext): boolean {
  if (ctx.delivery.kind === 'schedule') return true;
  const value = ctx.request?.scheduledFor;
  if (value === undefined || value === null) return false;
  const parsed = parseScheduledFor(value, ctx.now);
  return parsed.ok && parsed.mode === 'scheduled';
}

function scheduledForMessage(reason: 'no_time_zone' | 'unreadable' | 'too_far_ahead'): string {
  switch (reason) {
    case 'no_time_zone':
      return 'post.scheduledFor has no time zone; add Z or an offset such as +01:00.';
    case 'unreadable':
      return 'post.scheduledFor cannot be read; send ISO 8601 with a zone or Unix seconds.';
    case 'too_far_ahead':
      return 'post.scheduledFor is more than 365 days ahead.';
  }
}
