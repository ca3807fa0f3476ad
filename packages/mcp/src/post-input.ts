import {
  OPTION_BLOCK_SCHEMAS,
  PLATFORMS,
  type Platform,
  ScheduledForSchema,
  standardErrorBody,
  TIKTOK_PRIVACY_LEVELS,
  YOUTUBE_PRIVACY_STATUSES,
} from '@socialpub/core';
import { z } from 'zod';
import { type ConnectorBackend, ConnectorRefusal, type PostBody } from './backend.js';

/** Up to ten places in one call, one per network (API document, AI-app connector). */
export const MAX_PLACES = 10;

/** The shared `content` of a post: the same field names as POST /posts `post.content`. */
export const ContentSchema = z
  .object({
    text: z.string().max(100_000).optional().describe('Caption, title or text; required when no media.'),
    mediaID: z
      .array(z.uuid())
      .max(35)
      .optional()
      .describe('file_id values of ready library files (service_list_media, service_upload_media_from_url).'),
    mediaUrls: z
      .array(z.url())
      .max(35)
      .optional()
      .describe('Legacy: public URLs of the files; image or video is read from the URL ending.'),
  })
  .describe('What to post, shared by every place.');

/** One place: a profile and one network, with that network's option block (core's schemas). */
export const PlaceSchema = z
  .object({
    accountId: z
      .string()
      .min(1)
      .max(200)
      .describe('Profile UUID, @handle or profile name (service_list_accounts).'),
    platform: z.enum(PLATFORMS),
    tiktok: OPTION_BLOCK_SCHEMAS.tiktok.optional().describe('TikTok options; privacyLevel is required.'),
    instagram: OPTION_BLOCK_SCHEMAS.instagram.optional(),
    facebook: OPTION_BLOCK_SCHEMAS.facebook.optional(),
    youtube: OPTION_BLOCK_SCHEMAS.youtube.optional().describe('YouTube options; privacyStatus is required.'),
    x: OPTION_BLOCK_SCHEMAS.x.optional(),
    linkedin: OPTION_BLOCK_SCHEMAS.linkedin.optional(),
    pinterest: OPTION_BLOCK_SCHEMAS.pinterest
      .optional()
      .describe('boardId is required (service_get_posting_options).'),
    threads: OPTION_BLOCK_SCHEMAS.threads.optional(),
    skool: OPTION_BLOCK_SCHEMAS.skool.optional().describe('group and title are required.'),
  })
  .describe('Where to post: one profile and one network, with that network’s options.');
export type Place = z.infer<typeof PlaceSchema>;

export const PlacesSchema = z
  .array(PlaceSchema)
  .min(1)
  .max(MAX_PLACES)
  .refine((places) => new Set(places.map((p) => p.platform)).size === places.length, {
    message: 'one place per network: each platform may appear once',
  });

export const PostInputSchema = z.object({ content: ContentSchema, places: PlacesSchema });
export type PostInput = z.infer<typeof PostInputSchema>;

export const ScheduledPostInputSchema = PostInputSchema.extend({
  scheduledFor: ScheduledForSchema.describe(
    'When to send: ISO 8601 with a zone (e.g. 2026-12-01T09:00:00Z), more than 60 seconds ahead, at most 365 days.',
  ),
});

export const IdempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .describe(
    'Optional: the same key and input within 24 hours answers the first outcome again; nothing is sent twice.',
  );

/** The POST /posts `post` object of one place. */
export function postBodyFor(
  content: PostInput['content'],
  place: Place,
  scheduledFor?: string | number,
): PostBody {
  const { accountId, platform } = place;
  const body: PostBody = { accountId, platform, content: { ...content } };
  const block = place[platform];
  if (block !== undefined) body[platform] = block;
  if (scheduledFor !== undefined) body['scheduledFor'] = scheduledFor;
  return body;
}

const PRIVACY_FIELD = { tiktok: 'privacyLevel', youtube: 'privacyStatus' } as const;
const PRIVACY_OPTIONS = { tiktok: 'privacy_level_options', youtube: 'privacy_status_options' } as const;
const PRIVACY_DEFAULTS: Record<'tiktok' | 'youtube', readonly string[]> = {
  tiktok: TIKTOK_PRIVACY_LEVELS,
  youtube: YOUTUBE_PRIVACY_STATUSES,
};

function isPrivacyNetwork(platform: Platform): platform is 'tiktok' | 'youtube' {
  return platform === 'tiktok' || platform === 'youtube';
}

/** The values a profile allows, read from its posting options; the documented list when unreadable. */
async function allowedPrivacy(backend: ConnectorBackend, place: Place, platform: 'tiktok' | 'youtube') {
  try {
    const profiles = (await backend.listAccounts()).data;
    const wanted = place.accountId.trim().toLowerCase();
    const profile = profiles.find(
      (p) =>
        p.profile_id.toLowerCase() === wanted ||
        p.handle.toLowerCase() === wanted ||
        p.handle.toLowerCase() === `@${wanted}` ||
        p.profile_name.toLowerCase() === wanted,
    );
    if (profile) {
      const options = await backend.getPostingOptions(profile.profile_id, [platform]);
      const row = options.data.networks.find((r) => r.platform === platform);
      const listed = (row?.options as Record<string, unknown> | undefined)?.[PRIVACY_OPTIONS[platform]];
      if (Array.isArray(listed) && listed.every((v) => typeof v === 'string') && listed.length > 0) {
        return listed as string[];
      }
    }
  } catch {
    // The question still goes to the user with the documented values.
  }
  return [...PRIVACY_DEFAULTS[platform]];
}

/**
 * AI-app connector rules: TikTok needs a privacy choice and YouTube a privacy setting, and the tools
 * ask rather than choose. Checked for every place before anything is sent.
 */
export async function requirePrivacyChoices(
  backend: ConnectorBackend,
  places: readonly Place[],
): Promise<void> {
  for (const [index, place] of places.entries()) {
    const { platform } = place;
    if (!isPrivacyNetwork(platform)) continue;
    const field = PRIVACY_FIELD[platform];
    const block = place[platform] as Record<string, unknown> | undefined;
    if (block?.[field] !== undefined) continue;
    const allowed = await allowedPrivacy(backend, place, platform);
    const label = platform === 'tiktok' ? 'TikTok privacy level' : 'YouTube privacy setting';
    throw new ConnectorRefusal(400, {
      ...standardErrorBody(
        'bad_request',
        `Ask the user to choose the ${label} for ${place.accountId}, then send places[${index}].${platform}.${field} as one of: ${allowed.join(', ')}. Nothing was sent.`,
        { parameter: `places[${index}].${platform}.${field}`, allowed_values: allowed },
      ),
    });
  }
}
