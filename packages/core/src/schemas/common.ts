import * as z from 'zod';
import { LIMITS } from '../limits/limits.js';
import { parseZonedDateTime } from '../parsers/iso-date-time.js';

/** Ids of profiles, posts, scheduled posts and files are UUIDs ("Resources and their fields"). */
export const UuidSchema = z.uuid().meta({ description: 'A UUID.' });
export type Uuid = z.infer<typeof UuidSchema>;

/**
 * Timestamps are ISO 8601 strings with a zone. Kept as a plain string with a format hint so
 * answers stay representable in OpenAPI and older stored values never fail a read.
 */
export const TimestampSchema = z
  .string()
  .meta({ description: 'ISO 8601 date-time with time zone.', format: 'date-time' });
export type Timestamp = z.infer<typeof TimestampSchema>;

/** A timestamp a request sends: must carry a zone, within UTC years 0000 to 9999 (`since` of the library list). */
export const ZonedDateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine((text) => parseZonedDateTime(text).ok, 'must lie within the years 0000 to 9999 (UTC).');

/**
 * A warning of a successful answer: `code` and `message`, plus extra fields some codes carry
 * (`resized_for_tiktok` adds `photo`, `photos`, `size`, `copy_size`; "POST /posts", Warnings).
 */
export const WarningSchema = z
  .looseObject({
    code: z.string(),
    message: z.string(),
  })
  .meta({ description: 'A field or value that was not used, or a change the service made.' });
export type Warning = z.infer<typeof WarningSchema>;

export const WarningsSchema = z.array(WarningSchema);
export type Warnings = z.infer<typeof WarningsSchema>;

/** The `service` ids field: both ids are always present, either may be null ("The service ids field"). */
export const ServiceIdsSchema = z
  .object({
    post_id: UuidSchema.nullable(),
    scheduled_post_id: UuidSchema.nullable(),
    status_url: z.string().meta({ description: 'The GET address of that post or scheduled post.' }),
  })
  .meta({ description: 'Ids of the post record or scheduled post this answer made.' });
export type ServiceIds = z.infer<typeof ServiceIdsSchema>;

/** A list page of the reads: `next_url` is null on the last page. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    data: z.array(item),
    next_cursor: z.string().nullable(),
    next_url: z.string().nullable(),
    warnings: WarningsSchema.optional(),
  });
}

/** Query strings carry booleans as text; only `true` and `false` are readable. */
export const QueryBooleanSchema = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .meta({ description: '`true` or `false`.' });

/** `limit` of the list reads: 1 to 100, default 20 ("Limits", Other). */
export const PageLimitSchema = z.coerce
  .number()
  .int()
  .min(LIMITS.pages.minLimit)
  .max(LIMITS.pages.maxLimit)
  .default(LIMITS.pages.defaultLimit)
  .meta({ description: `Items per page, ${LIMITS.pages.minLimit} to ${LIMITS.pages.maxLimit}.` });
