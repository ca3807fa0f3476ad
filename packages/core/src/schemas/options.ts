import * as z from 'zod';
import { LIMITS } from '../limits/limits.js';
import { TiktokPrivacyLevelSchema, YOUTUBE_PRIVACY_STATUSES } from '../networks/privacy.js';
import { PlatformSchema } from '../platforms.js';
import { TimestampSchema, UuidSchema, WarningsSchema } from './common.js';

export const OPTIONS_ROW_STATUSES = [
  'ok',
  'not_connected',
  'reconnect_required',
  'unavailable',
  'no_options',
] as const;
export const OptionsRowStatusSchema = z.enum(OPTIONS_ROW_STATUSES);
export type OptionsRowStatus = z.infer<typeof OptionsRowStatusSchema>;

// Contents of `options` per network ("Network options row"). The document names the fields but not
// every one's exact shape, so each block is loose and its fields optional.
export const TiktokOptionsSchema = z.looseObject({
  privacy_level_options: z.array(TiktokPrivacyLevelSchema).optional(),
  comment_disabled: z.boolean().optional(),
  duet_disabled: z.boolean().optional(),
  stitch_disabled: z.boolean().optional(),
  max_video_post_duration_sec: z.number().int().optional(),
  creator_username: z.string().optional(),
  creator_nickname: z.string().optional(),
});
export type TiktokOptions = z.infer<typeof TiktokOptionsSchema>;

export const PinterestBoardSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  privacy: z.string(),
  pin_count: z.number().int(),
});
export type PinterestBoard = z.infer<typeof PinterestBoardSchema>;
export const PinterestOptionsSchema = z.looseObject({ boards: z.array(PinterestBoardSchema).optional() });
export type PinterestOptions = z.infer<typeof PinterestOptionsSchema>;

export const SkoolGroupSchema = z.looseObject({ id: z.string(), slug: z.string(), name: z.string() });
export type SkoolGroup = z.infer<typeof SkoolGroupSchema>;
export const SkoolLabelSchema = z.looseObject({ id: z.string(), name: z.string() });
export type SkoolLabel = z.infer<typeof SkoolLabelSchema>;
/** Labels are of one group: the one named by `skool_group_slug`, or the only group. */
export const SkoolOptionsSchema = z.looseObject({
  groups: z.array(SkoolGroupSchema).optional(),
  group_slug: z.string().nullable().optional(),
  labels: z.array(SkoolLabelSchema).optional(),
});
export type SkoolOptions = z.infer<typeof SkoolOptionsSchema>;

export const FacebookOptionsSchema = z.looseObject({
  page: z.looseObject({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type FacebookOptions = z.infer<typeof FacebookOptionsSchema>;

/** Use of instagram's rolling publishing limit: null means unknown, never zero. */
export const InstagramOptionsSchema = z.looseObject({
  publishing_limit: z
    .looseObject({
      used: z.number().int().nullable(),
      limit: z.number().int().nullable(),
      window_hours: z.number().int().optional(),
    })
    .nullable()
    .optional(),
});
export type InstagramOptions = z.infer<typeof InstagramOptionsSchema>;

export const YoutubeCategorySchema = z.looseObject({ id: z.string(), title: z.string() });
export const YoutubeOptionsSchema = z.looseObject({
  categories: z.array(YoutubeCategorySchema).optional(),
  privacy_status_options: z.array(z.enum(YOUTUBE_PRIVACY_STATUSES)).optional(),
  max_tags_length: z.number().int().optional(),
});
export type YoutubeOptions = z.infer<typeof YoutubeOptionsSchema>;

export const OptionsRowSchema = z
  .object({
    platform: PlatformSchema,
    status: OptionsRowStatusSchema,
    options: z
      .record(z.string(), z.unknown())
      .meta({ description: "The network's options; contents per network." }),
    note: z.string().nullable(),
    checked_at: TimestampSchema.nullable(),
    cached: z.boolean().meta({ description: 'Reused from the last ~1.5 minutes.' }),
    error_code: z.string().nullable(),
  })
  .meta({ description: 'What one network allows for this profile.' });
export type OptionsRow = z.infer<typeof OptionsRowSchema>;

/** The typed `options` contents of a row, for readers that know the platform. */
export const OPTIONS_CONTENT_SCHEMAS = {
  tiktok: TiktokOptionsSchema,
  pinterest: PinterestOptionsSchema,
  skool: SkoolOptionsSchema,
  facebook: FacebookOptionsSchema,
  instagram: InstagramOptionsSchema,
  youtube: YoutubeOptionsSchema,
} as const;

export const OptionsResponseSchema = z.object({
  data: z.object({
    profile_id: UuidSchema,
    profile_name: z.string(),
    networks: z.array(OptionsRowSchema),
    note: z.string().nullable(),
    asked_at: TimestampSchema,
  }),
  warnings: WarningsSchema.optional(),
});
export type OptionsResponse = z.infer<typeof OptionsResponseSchema>;

/**
 * Query of GET /accounts/{id}/options. `platforms` stays a string here so the server can name the
 * unknown network in `error.parameter`; `parsePlatformsParam` splits it.
 */
export const OptionsQuerySchema = z.looseObject({
  platforms: z
    .string()
    .optional()
    .meta({ description: 'Comma-separated networks; default every connected one.' }),
  skool_group_slug: z.string().min(1).max(LIMITS.accounts.skoolGroupSlugMaxLength).optional(),
});
export type OptionsQuery = z.infer<typeof OptionsQuerySchema>;

/** Splits `platforms`; `unknown` lists the names that are not networks (400 `bad_request`). */
export function parsePlatformsParam(raw: string): {
  platforms: z.infer<typeof PlatformSchema>[];
  unknown: string[];
} {
  const platforms: z.infer<typeof PlatformSchema>[] = [];
  const unknown: string[] = [];
  for (const part of raw.split(',')) {
    const name = part.trim().toLowerCase();
    if (name === '') continue;
    const parsed = PlatformSchema.safeParse(name);
    if (!parsed.success) unknown.push(part.trim());
    else if (!platforms.includes(parsed.data)) platforms.push(parsed.data);
  }
  return { platforms, unknown };
}
