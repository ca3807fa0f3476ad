import {
  LIMITS,
  PLATFORMS,
  type Platform,
  resolveProfile,
  standardErrorBody,
  TIKTOK_PRIVACY_LEVELS,
  YOUTUBE_PRIVACY_STATUSES,
} from '@socialpub/core';
import * as z from 'zod';
import { type ConnectorBackend, ConnectorRefusal, type PostBody } from './backend.js';
import { OPTION_BLOCKS } from './option-blocks.js';

/** The shared `content` of a post: the same field names as POST /posts `post.content`. */
export const ContentSchema = z
  .object({
    text: z.string().max(LIMITS.connector.textMaxLength).optional().describe('Required without media.'),
    mediaID: z.array(z.uuid()).max(LIMITS.connector.mediaPerPostMax).optional().describe('Library file_ids.'),
    mediaUrls: z
      .array(z.url())
      .max(LIMITS.connector.mediaPerPostMax)
      .optional()
      .describe('Legacy: public http(s) file URLs.'),
  })
  .describe('The post.');

/**
 * One place: a profile and one network, with that network's option block (option-blocks.ts). X,
 * LinkedIn and Threads take no options, so tools/list shows none for them; a block sent for them
 * still goes to REST as it was (loose), which answers its fields as warnings. Every tool that takes
 * places declares the blocks, so a strict function schema (which closes every object) loses none.
 */
export const PlaceSchema = z
  .looseObject({
    accountId: z
      .string()
      .min(1)
      .max(LIMITS.connector.profileRefMaxLength)
      .describe('Profile UUID, @handle or name.'),
    platform: z.enum(PLATFORMS).describe('The network.'),
    tiktok: OPTION_BLOCKS.tiktok.optional().describe('privacyLevel required.'),
    instagram: OPTION_BLOCKS.instagram.optional().describe('Instagram options.'),
    facebook: OPTION_BLOCKS.facebook.optional().describe('Facebook options.'),
    youtube: OPTION_BLOCKS.youtube.optional().describe('privacyStatus required.'),
    pinterest: OPTION_BLOCKS.pinterest.optional().describe('boardId required.'),
    skool: OPTION_BLOCKS.skool.optional().describe('group and title required.'),
  })
  .describe('A profile and a network (x, linkedin, threads take no options).');
export type Place = z.infer<typeof PlaceSchema>;

export const PlacesSchema = z
  .array(PlaceSchema)
  .min(1)
  .max(LIMITS.connector.placesPerCall)
  .refine((places) => new Set(places.map((p) => p.platform)).size === places.length, {
    message: 'one place per network: each platform may appear once',
  })
  .describe('Up to ten places, one per network.');

export const PostInputSchema = z.object({ content: ContentSchema, places: PlacesSchema });
export type PostInput = z.infer<typeof PostInputSchema>;

/**
 * When to send, as the connector takes it: one ISO 8601 string with a zone (REST also takes Unix
 * times and word-month dates; one form is what a model should write).
 */
export const ConnectorScheduledForSchema = z
  .string()
  .min(1)
  .max(LIMITS.connector.scheduledForMaxLength)
  .describe('ISO 8601 with a zone, 60 s to 365 days ahead.');

export const ScheduledPostInputSchema = PostInputSchema.extend({
  scheduledFor: ConnectorScheduledForSchema,
});

export const IdempotencyKeySchema = z
  .string()
  .min(LIMITS.idempotency.keyMinLength)
  .max(LIMITS.idempotency.keyMaxLength)
  .optional()
  .describe('Replays the first outcome for 24 h.');

/** The POST /posts `post` object of one place. */
export function postBodyFor(
  content: PostInput['content'],
  place: Place,
  scheduledFor?: string | number,
): PostBody {
  const { accountId, platform } = place;
  const body: PostBody = { accountId, platform, content: { ...content } };
  // Only the networks with options have a block in a place (PlaceSchema).
  const block = (place as Record<string, unknown>)[platform];
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
    // The profile the server will post to, found as the server and the CLI find it.
    const found = resolveProfile(profiles, place.accountId);
    if (found.ok) {
      const profile = found.profile;
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
