import * as z from 'zod';
import { LIMITS } from '../limits/limits.js';
import { PlatformSchema } from '../platforms.js';
import { PageLimitSchema, pageSchema, TimestampSchema } from '../schemas/common.js';

// The network inbox (reference-server.md, "Network inbox"): what each simulated network received.

/** One file as the network received it; `url` links to the kept library file while it exists. */
export const DeliveryMediaSchema = z.object({
  kind: z.enum(['image', 'video']),
  type: z.string().nullable(),
  size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_seconds: z.number().nullable(),
  file_id: z.string().nullable(),
  url: z.string().nullable().meta({ description: 'The kept file, or the address the post named.' }),
});

export const DeliverySchema = z
  .object({
    id: z.string().meta({ description: '`dlv_` and 24 hex digits.' }),
    account_id: z.uuid(),
    profile_id: z.uuid(),
    platform: PlatformSchema,
    username: z.string().nullable().meta({ description: 'The connected account on the network.' }),
    post_id: z.string().meta({ description: 'The post record (GET /api/v2/posts/{id}).' }),
    scheduled_post_id: z.string().nullable(),
    text: z.string().nullable().meta({ description: 'The text as that network received it.' }),
    media: z.array(DeliveryMediaSchema),
    options: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The network options it used (privacy, title, board, group...).' }),
    post_type: z.string(),
    publish_id: z.string().nullable(),
    permalink: z.string().nullable().meta({ description: 'Null until the network has published it.' }),
    status: z.string().meta({ description: "The post record's status now." }),
    at: TimestampSchema.meta({ description: "When the network received it (the account's clock)." }),
  })
  .meta({ description: 'A post a simulated network accepted.' });

export const DeliveryPageSchema = pageSchema(DeliverySchema);

export const DeliveriesClearedSchema = z.object({
  account_id: z.uuid(),
  deleted: z.number().int().meta({ description: 'How many deliveries were removed; posts stay.' }),
});

/**
 * Query of GET /accounts/{id}/deliveries. Filters stay strings so the server names the parameter
 * and the wrong value in `error.parameter`.
 */
export const DeliveriesQuerySchema = z.object({
  limit: PageLimitSchema,
  cursor: z.string().optional().meta({ description: '`next_cursor` exactly as received.' }),
  platform: z.string().optional().meta({ description: 'One network.' }),
  profile_id: z.string().optional().meta({ description: 'A profile UUID.' }),
  post_id: z.string().optional().meta({ description: 'A post record id.' }),
  q: z
    .string()
    .min(1)
    .max(LIMITS.pages.textSearchMaxLength)
    .optional()
    .meta({ description: 'Text the post contains (letter case ignored).' }),
  since: z.string().optional().meta({ description: 'Only deliveries at or after this time (ISO 8601).' }),
});

export const DELIVERIES_QUERY_PARAMETERS = [
  'limit',
  'cursor',
  'platform',
  'profile_id',
  'post_id',
  'q',
  'since',
] as const;
