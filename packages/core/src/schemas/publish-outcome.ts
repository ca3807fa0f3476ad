import type * as z from 'zod';
import type { ServiceIds, Warning } from './common.js';
import {
  type DryRunResponse,
  DryRunResponseSchema,
  type ProcessingResponse,
  ProcessingResponseSchema,
  type PublishedResponse,
  PublishedResponseSchema,
  type QueuedResponse,
  QueuedResponseSchema,
  type ScheduledResponse,
  ScheduledResponseSchema,
  type ScheduleUnconfirmedResponse,
  ScheduleUnconfirmedResponseSchema,
  type StillPublishingResponse,
  StillPublishingResponseSchema,
} from './post-response.js';

interface OutcomeOf<Kind extends string, Status extends number, Body> {
  kind: Kind;
  httpStatus: Status;
  body: Body;
  /** The ids of what was recorded; absent on some late still_publishing answers. */
  service: ServiceIds | undefined;
  warnings: Warning[];
}

/**
 * A publish answer with one discriminator, for clients: the wire bodies of POST /posts share no
 * single key ("POST /api/v2/posts", Responses).
 */
export type PublishOutcome =
  | OutcomeOf<'published', 200, PublishedResponse>
  | OutcomeOf<'scheduled', 202, ScheduledResponse>
  | OutcomeOf<'queued', 202, QueuedResponse>
  | OutcomeOf<'still_publishing', 202, StillPublishingResponse>
  | OutcomeOf<'processing', 202, ProcessingResponse>
  | OutcomeOf<'schedule_unconfirmed', 202, ScheduleUnconfirmedResponse>
  /** The body asked for a dry run (`dryRun: true` inside the post or beside it): nothing was sent. */
  | OutcomeOf<'dry_run', 200, DryRunResponse>;
export type PublishOutcomeKind = PublishOutcome['kind'];

// Checked in this order: the coded answers first, then `processing`, whose body also fits the
// plain published shape.
const ACCEPTED: readonly [PublishOutcomeKind, z.ZodType][] = [
  ['scheduled', ScheduledResponseSchema],
  ['queued', QueuedResponseSchema],
  ['still_publishing', StillPublishingResponseSchema],
  ['schedule_unconfirmed', ScheduleUnconfirmedResponseSchema],
  ['processing', ProcessingResponseSchema],
];

function outcome(kind: PublishOutcomeKind, httpStatus: 200 | 202, body: unknown): PublishOutcome {
  const fields = body as { service?: ServiceIds; warnings?: Warning[] };
  return {
    kind,
    httpStatus,
    body,
    service: fields.service,
    warnings: fields.warnings ?? [],
  } as PublishOutcome;
}

/**
 * Maps a 200 or 202 answer of POST /posts to its outcome; null for anything else (an error, or a
 * body that matches no documented shape).
 */
export function classifyPublishResponse(status: number, body: unknown): PublishOutcome | null {
  if (status === 200) {
    const dryRun = DryRunResponseSchema.safeParse(body);
    if (dryRun.success) return outcome('dry_run', 200, dryRun.data);
    const published = PublishedResponseSchema.safeParse(body);
    return published.success ? outcome('published', 200, published.data) : null;
  }
  if (status !== 202) return null;
  for (const [kind, schema] of ACCEPTED) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return outcome(kind, 202, parsed.data);
  }
  return null;
}
