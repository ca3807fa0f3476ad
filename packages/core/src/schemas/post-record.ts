import * as z from 'zod';
import { LIMITS } from '../limits/limits.js';
import { FigureNameSchema } from '../networks/figures.js';
import { TimestampSchema, UuidSchema } from './common.js';
import { POST_STATUSES, SCHEDULED_POST_OUTCOMES, SCHEDULED_POST_STATUSES } from './post-statuses.js';

export { POST_STATUSES, SCHEDULED_POST_OUTCOMES, SCHEDULED_POST_STATUSES };

export const PostStatusSchema = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof PostStatusSchema>;

export const ScheduledPostStatusSchema = z.enum(SCHEDULED_POST_STATUSES);
export type ScheduledPostStatus = z.infer<typeof ScheduledPostStatusSchema>;

export const ScheduledPostOutcomeSchema = z.enum(SCHEDULED_POST_OUTCOMES);
export type ScheduledPostOutcome = z.infer<typeof ScheduledPostOutcomeSchema>;

const SizeSchema = z.object({ width: z.number().int(), height: z.number().int() });

/** A change made to get a tiktok photo post out ("Post record", Notice). */
export const NoticeSchema = z.looseObject({
  code: z.string().meta({ description: 'e.g. `resized_for_tiktok`.' }),
  message: z.string(),
  photo: z.number().int().min(1).optional().meta({ description: '1-based index of the photo.' }),
  photos: z.number().int().optional(),
  size: SizeSchema.optional(),
  copy_size: SizeSchema.optional(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/** A figure the network did not report is null, never zero, and named in `not_reported`. */
export const MetricsSchema = z.object({
  views: z.number().nullable(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
  shares: z.number().nullable(),
  impressions: z.number().nullable(),
  reach: z.number().nullable(),
  saves: z.number().nullable(),
  clicks: z.number().nullable(),
  watch_time_seconds: z.number().nullable(),
});
export type Metrics = z.infer<typeof MetricsSchema>;

export const FiguresSchema = z
  .object({
    metrics: MetricsSchema,
    not_reported: z.array(FigureNameSchema),
    engagement: z.number().int(),
    polled_at: TimestampSchema,
    note: z.string().nullable(),
  })
  .meta({ description: 'Collected every 6 hours during the first 7 days, not live.' });
export type Figures = z.infer<typeof FiguresSchema>;

export const PostRecordSchema = z
  .object({
    id: UuidSchema,
    kind: z.literal('post'),
    profile_id: UuidSchema,
    platform: z.string(),
    status: PostStatusSchema,
    done: z.boolean().meta({ description: 'True when the item will not change by itself.' }),
    media_type: z.string().nullable(),
    publish_id: z.string().nullable(),
    permalink: z.string().nullable(),
    error_message: z.string().max(LIMITS.errorMessageMaxLength).nullable(),
    at: TimestampSchema.meta({ description: 'When sent.' }),
    updated_at: TimestampSchema,
    scheduled_post_id: UuidSchema.nullable(),
    notices: z.array(NoticeSchema),
    figures: FiguresSchema.nullable()
      .optional()
      .meta({ description: 'Single-post read only; null unless the post succeeded.' }),
  })
  .meta({ description: 'A post sent to one network.' });
export type PostRecord = z.infer<typeof PostRecordSchema>;

/** One network's part of a scheduled post once it has gone out (single read). */
export const ScheduledResultSchema = z.object({
  platform: z.string(),
  post_id: UuidSchema.nullable(),
  status: z.string().meta({ description: 'A post status, `pending`, or `not_sent`.' }),
  reason: z.string().nullable().optional().meta({ description: 'Why it was not sent.' }),
  done: z.boolean(),
  publish_id: z.string().nullable(),
  permalink: z.string().nullable(),
  error_message: z.string().max(LIMITS.errorMessageMaxLength).nullable(),
  notices: z.array(NoticeSchema),
});
export type ScheduledResult = z.infer<typeof ScheduledResultSchema>;

export const ScheduledPostRecordSchema = z
  .object({
    id: UuidSchema,
    kind: z.literal('scheduled_post'),
    profile_id: UuidSchema,
    platforms: z.array(z.string()),
    status: ScheduledPostStatusSchema,
    outcome: ScheduledPostOutcomeSchema,
    done: z.boolean(),
    media_type: z.string().nullable(),
    at: TimestampSchema.meta({ description: 'The due time.' }),
    scheduled_for: TimestampSchema,
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    note: z.string().nullable().meta({ description: 'Why it moved, e.g. used-up daily allowance.' }),
    error_message: z.string().max(LIMITS.errorMessageMaxLength).nullable(),
    results: z.array(ScheduledResultSchema).optional().meta({ description: 'Single read only.' }),
  })
  .meta({ description: 'A post waiting for its time, or the record of one that went out.' });
export type ScheduledPostRecord = z.infer<typeof ScheduledPostRecordSchema>;

export const PostOrScheduledSchema = z.discriminatedUnion('kind', [
  PostRecordSchema,
  ScheduledPostRecordSchema,
]);
export type PostOrScheduled = z.infer<typeof PostOrScheduledSchema>;
