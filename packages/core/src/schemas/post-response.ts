import * as z from 'zod';
import { ServiceIdsSchema, TimestampSchema, UuidSchema, WarningsSchema } from './common.js';

/** The network's own result in `data`; fields differ per network ("Network result on publish"). */
export const NetworkResultSchema = z
  .looseObject({
    status: z.string().optional(),
    post_id: z.string().nullable().optional(),
    publish_id: z.string().optional(),
    container_id: z.string().optional(),
    job_id: z.string().optional(),
    message: z.string().optional(),
    permalink: z.string().optional(),
  })
  .meta({ description: "The network's own result; fields beyond these differ per network." });
export type NetworkResult = z.infer<typeof NetworkResultSchema>;

/** 200: the network accepted (tiktok and instagram finish after the answer, `data.status` processing). */
export const PublishedResponseSchema = z.object({
  data: NetworkResultSchema,
  service: ServiceIdsSchema,
  warnings: WarningsSchema.optional(),
});
export type PublishedResponse = z.infer<typeof PublishedResponseSchema>;

export const ScheduledResponseSchema = z.object({
  scheduled: z.literal(true),
  code: z.literal('scheduled'),
  message: z.string(),
  scheduled_post_id: UuidSchema,
  scheduled_at: TimestampSchema,
  platform: z.string(),
  profile_id: UuidSchema,
  data: z.object({
    status: z.literal('scheduled'),
    scheduled_post_id: UuidSchema,
    scheduled_at: TimestampSchema,
  }),
  service: ServiceIdsSchema,
  warnings: WarningsSchema.optional(),
});
export type ScheduledResponse = z.infer<typeof ScheduledResponseSchema>;

/** 202: a Beginner or Apprentice daily allowance is used; same time next UTC day, same options. */
export const QueuedResponseSchema = z.object({
  queued: z.literal(true),
  code: z.literal('queued_for_next_day'),
  message: z.string(),
  upgrade_url: z.string(),
  scheduled_post_id: UuidSchema,
  scheduled_at: TimestampSchema,
  limit: z.number().int(),
  used: z.number().int(),
  plan: z.string(),
  service: ServiceIdsSchema,
  warnings: WarningsSchema.optional(),
});
export type QueuedResponse = z.infer<typeof QueuedResponseSchema>;

/**
 * The 202 bodies whose outcome is unknown (do not resend): alike but for their code and the id
 * they name, which stands after `message` as the document orders the fields.
 */
function unknownOutcomeSchema<const Code extends string, IdShape extends z.ZodRawShape>(
  code: Code,
  idShape: IdShape,
) {
  return z.object({
    success: z.literal(false),
    status: z.literal('unknown'),
    code: z.literal(code),
    retry: z.literal(false),
    message: z.string(),
    ...idShape,
    service: ServiceIdsSchema.optional(),
    warnings: WarningsSchema.optional(),
  });
}

/** 202: outcome unknown, do not resend; `service` may be absent on some networks. */
export const StillPublishingResponseSchema = unknownOutcomeSchema('still_publishing', {
  post_id: z.string().nullable(),
});
export type StillPublishingResponse = z.infer<typeof StillPublishingResponseSchema>;

/** 202: every youtube upload and large videos; `data.status` processing with `job_id` and `post_id`. */
export const ProcessingResponseSchema = z.object({
  data: NetworkResultSchema.extend({
    status: z.literal('processing'),
    job_id: z.string(),
    post_id: z.string().nullable(),
  }),
  service: ServiceIdsSchema,
  warnings: WarningsSchema.optional(),
});
export type ProcessingResponse = z.infer<typeof ProcessingResponseSchema>;

/**
 * 202: a timed request got no answer in time and may be scheduled. The document gives no body;
 * the reference server sends the still_publishing shape with this code (decision).
 */
export const ScheduleUnconfirmedResponseSchema = unknownOutcomeSchema('schedule_unconfirmed', {
  scheduled_post_id: UuidSchema.nullable().optional(),
});
export type ScheduleUnconfirmedResponse = z.infer<typeof ScheduleUnconfirmedResponseSchema>;

/** Every 202 of POST /posts. Most specific first: the bodies share no single discriminator key. */
export const PublishAcceptedResponseSchema = z.union([
  ScheduledResponseSchema,
  QueuedResponseSchema,
  StillPublishingResponseSchema,
  ScheduleUnconfirmedResponseSchema,
  ProcessingResponseSchema,
]);
export type PublishAcceptedResponse = z.infer<typeof PublishAcceptedResponseSchema>;

export const PublishResponseSchema = z.union([PublishAcceptedResponseSchema, PublishedResponseSchema]);
export type PublishResponse = z.infer<typeof PublishResponseSchema>;

export const DRY_RUN_OUTCOMES = ['publish', 'queue', 'schedule', 'refuse'] as const;

export const DryRunResponseSchema = z.object({
  dry_run: z.literal(true),
  outcome: z.enum(DRY_RUN_OUTCOMES),
  would_publish: z.boolean(),
  reason: z
    .looseObject({
      code: z.string().nullable(),
      status: z.number().int(),
      message: z.string().optional().meta({
        description: "With outcome refuse: the refusal's message (a network's own words and counts).",
      }),
    })
    .meta({ description: 'The code and status the request would answer.' }),
  warnings: WarningsSchema,
});
export type DryRunResponse = z.infer<typeof DryRunResponseSchema>;

/** DELETE /posts/{id}: a repeat answers 200 with `already_cancelled: true`. */
export const CancelResponseSchema = z.object({
  data: z.object({
    scheduled_post_id: UuidSchema,
    status: z.literal('cancelled'),
    platforms: z.array(z.string()),
    was_due_at: TimestampSchema,
    message: z.string(),
  }),
  already_cancelled: z.boolean().optional(),
});
export type CancelResponse = z.infer<typeof CancelResponseSchema>;
