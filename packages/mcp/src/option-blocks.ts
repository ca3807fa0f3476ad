import { OPTION_BLOCK_SCHEMAS, TiktokPrivacyLevelSchema, YoutubePrivacyStatusSchema } from '@socialpub/core';
import * as z from 'zod';

const flag = (description: string) => z.boolean().optional().describe(description);
const text = (description: string) => z.string().optional().describe(description);

/**
 * Core's option blocks (loose, as REST: other fields pass on and come back as warnings) with the
 * short descriptions a model reads on every tools/list. X, LinkedIn and Threads take no options
 * (their blocks name only options they ignore), so none is offered for them.
 */
export const OPTION_BLOCKS = {
  tiktok: OPTION_BLOCK_SCHEMAS.tiktok.extend({
    privacyLevel: TiktokPrivacyLevelSchema.optional().describe('Ask the user.'),
    disabledComments: flag('No comments.'),
    disabledDuet: flag('Video: no duets.'),
    disabledStitch: flag('Video: no stitches.'),
    isBrandedContent: flag('Paid partnership.'),
    isYourBrand: flag('Promotes own brand.'),
    isAiGenerated: flag('Video: AI-made.'),
    autoAddMusic: flag('Photos: add music.'),
    title: text('Photo title.'),
  }),
  instagram: OPTION_BLOCK_SCHEMAS.instagram.extend({
    postType: text('image, reel, story or carousel.'),
    shareToFeed: flag('Reel also in feed.'),
    coverUrl: text('Reel cover URL.'),
  }),
  facebook: OPTION_BLOCK_SCHEMAS.facebook.extend({ postType: text('e.g. text, image, video, reel.') }),
  youtube: OPTION_BLOCK_SCHEMAS.youtube.extend({
    title: text('100 characters.'),
    privacyStatus: YoutubePrivacyStatusSchema.optional().describe('Ask the user.'),
    tags: z.array(z.string().describe('A tag.')).optional().describe('500 characters in all.'),
    description: text('Video description.'),
    categoryId: text('From the posting options.'),
  }),
  pinterest: OPTION_BLOCK_SCHEMAS.pinterest.extend({
    boardId: text('From the posting options.'),
    title: text('Pin title.'),
    link: text('Pin link.'),
  }),
  skool: OPTION_BLOCK_SCHEMAS.skool.extend({
    group: text('From the posting options.'),
    title: text('Post title.'),
    label: text('Category, where needed.'),
  }),
};

type BlockName = keyof typeof OPTION_BLOCKS;

const NETWORK_NAMES: Record<BlockName, string> = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  skool: 'Skool',
};

/**
 * One block with every network's fields, for a change to a scheduled post: the post has one
 * network, and the block replaces that network's options. A declared object rather than a record,
 * so a strict function schema keeps every field; each field names its network(s), and a field
 * another network uses comes back from REST as a warning, as a stray field of a place does.
 */
function everyNetworksFields() {
  const fields = new Map<string, { schema: z.ZodType; notes: string[] }>();
  for (const [name, block] of Object.entries(OPTION_BLOCKS) as Array<[BlockName, z.ZodObject]>) {
    for (const [field, schema] of Object.entries(block.shape) as Array<[string, z.ZodType]>) {
      const note = `${NETWORK_NAMES[name]}: ${schema.description ?? field}`;
      const known = fields.get(field);
      if (known) known.notes.push(note);
      else fields.set(field, { schema, notes: [note] });
    }
  }
  return Object.fromEntries(
    [...fields].map(([field, { schema, notes }]) => [field, schema.describe(notes.join(' '))]),
  );
}

export const OptionsChangeSchema = z
  .looseObject(everyNetworksFields())
  .describe('Replaces the options block of the post’s network; each field names its network.');
