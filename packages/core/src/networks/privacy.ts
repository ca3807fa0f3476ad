import * as z from 'zod';

/** Privacy levels (tiktok): the exact values of `tiktok.privacyLevel`. */
export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;

export const TiktokPrivacyLevelSchema = z.enum(TIKTOK_PRIVACY_LEVELS);
export type TiktokPrivacyLevel = z.infer<typeof TiktokPrivacyLevelSchema>;

/** The earlier `post.target` form defaults to SELF_ONLY ("private; default in the target form"). */
export const TIKTOK_TARGET_DEFAULT_PRIVACY_LEVEL: TiktokPrivacyLevel = 'SELF_ONLY';

/**
 * `youtube.privacyStatus`, required on every youtube post. The document names the field but not its
 * values; these are YouTube's own privacy statuses.
 */
export const YOUTUBE_PRIVACY_STATUSES = ['public', 'unlisted', 'private'] as const;

export const YoutubePrivacyStatusSchema = z.enum(YOUTUBE_PRIVACY_STATUSES);
export type YoutubePrivacyStatus = z.infer<typeof YoutubePrivacyStatusSchema>;
