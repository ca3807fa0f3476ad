import * as z from 'zod';
import {
  TIKTOK_TARGET_DEFAULT_PRIVACY_LEVEL,
  TiktokPrivacyLevelSchema,
  YoutubePrivacyStatusSchema,
} from '../networks/privacy.js';

// Per-network option blocks of POST /posts ("Per-network option blocks"). The document lists the
// known fields, not every network's complete list, so blocks are loose: fields they do not name
// are kept and reported as `unknown_field` warnings by `unknownFields`, not refused.

export const TiktokBlockSchema = z.looseObject({
  privacyLevel: TiktokPrivacyLevelSchema.optional().meta({
    description: "Must be one of the account's allowed levels (see the options row).",
  }),
  disabledComments: z.boolean().optional().meta({ description: 'Turn comments off.' }),
  disabledDuet: z.boolean().optional().meta({ description: 'Video only.' }),
  disabledStitch: z.boolean().optional().meta({ description: 'Video only.' }),
  isBrandedContent: z.boolean().optional().meta({ description: 'Paid partnership.' }),
  isYourBrand: z.boolean().optional().meta({ description: 'Promotional.' }),
  isAiGenerated: z.boolean().optional().meta({ description: 'Video only.' }),
  autoAddMusic: z.boolean().optional().meta({ description: 'Photo slideshows only.' }),
  title: z.string().optional().meta({ description: 'Photo post title, 90 characters.' }),
});
export type TiktokBlock = z.infer<typeof TiktokBlockSchema>;

/** The earlier tiktok form, `post.target` with `targetType: 'tiktok'`; privacy defaults to SELF_ONLY. */
export const TiktokTargetSchema = z.looseObject({
  targetType: z.literal('tiktok'),
  privacyLevel: TiktokPrivacyLevelSchema.default(TIKTOK_TARGET_DEFAULT_PRIVACY_LEVEL),
  disabledComments: z.boolean().optional(),
  disabledDuet: z.boolean().optional(),
  disabledStitch: z.boolean().optional(),
  isBrandedContent: z.boolean().optional(),
  isYourBrand: z.boolean().optional(),
  isAiGenerated: z.boolean().optional(),
  autoAddMusic: z.boolean().optional(),
});
export type TiktokTarget = z.infer<typeof TiktokTargetSchema>;

export const InstagramBlockSchema = z.looseObject({
  postType: z.string().optional().meta({ description: 'A post type of instagram, e.g. `reel`.' }),
  shareToFeed: z.boolean().optional().meta({ description: 'Reels: also show in the feed.' }),
  coverUrl: z
    .string()
    .optional()
    .meta({ description: 'Reel cover; fetched when a scheduled post goes out.' }),
});
export type InstagramBlock = z.infer<typeof InstagramBlockSchema>;

export const FacebookBlockSchema = z.looseObject({
  postType: z.string().optional().meta({ description: 'A post type of facebook, e.g. `text`.' }),
});
export type FacebookBlock = z.infer<typeof FacebookBlockSchema>;

export const YoutubeBlockSchema = z.looseObject({
  title: z.string().optional().meta({ description: 'One line, 100 characters.' }),
  privacyStatus: YoutubePrivacyStatusSchema.optional().meta({
    description: 'Required on every youtube post.',
  }),
  tags: z.array(z.string()).optional().meta({ description: 'Budget 500 characters as YouTube counts them.' }),
  description: z.string().optional().meta({ description: 'Video description.' }),
  categoryId: z.string().optional().meta({ description: 'A category id of the posting options.' }),
});
export type YoutubeBlock = z.infer<typeof YoutubeBlockSchema>;

export const PinterestBlockSchema = z.looseObject({
  boardId: z.string().optional().meta({ description: 'Required for pinterest.' }),
  title: z.string().optional().meta({ description: 'Pin title.' }),
  link: z.string().optional().meta({ description: 'Where the pin leads.' }),
  altText: z.string().optional().meta({ description: 'Image alt text.' }),
});
export type PinterestBlock = z.infer<typeof PinterestBlockSchema>;

export const SkoolBlockSchema = z.looseObject({
  group: z.string().optional().meta({ description: 'Required.' }),
  title: z.string().optional().meta({ description: 'Required.' }),
  label: z.string().optional().meta({ description: 'The category some communities need.' }),
});
export type SkoolBlock = z.infer<typeof SkoolBlockSchema>;

/** Options x does not support: accepted and named in warnings. */
export const XBlockSchema = z.looseObject({
  madeWithAi: z.unknown().optional(),
  paidPartnership: z.unknown().optional(),
});
export type XBlock = z.infer<typeof XBlockSchema>;

export const LinkedinBlockSchema = z.looseObject({ carousel: z.unknown().optional() });
export type LinkedinBlock = z.infer<typeof LinkedinBlockSchema>;

export const ThreadsBlockSchema = z.looseObject({});
export type ThreadsBlock = z.infer<typeof ThreadsBlockSchema>;

/** The block schema of each network, keyed by the block's name (the platform value). */
export const OPTION_BLOCK_SCHEMAS = {
  tiktok: TiktokBlockSchema,
  instagram: InstagramBlockSchema,
  facebook: FacebookBlockSchema,
  youtube: YoutubeBlockSchema,
  x: XBlockSchema,
  linkedin: LinkedinBlockSchema,
  pinterest: PinterestBlockSchema,
  threads: ThreadsBlockSchema,
  skool: SkoolBlockSchema,
} as const;
