import * as z from 'zod';
import {
  FacebookBlockSchema,
  InstagramBlockSchema,
  LinkedinBlockSchema,
  PinterestBlockSchema,
  SkoolBlockSchema,
  ThreadsBlockSchema,
  TiktokBlockSchema,
  TiktokTargetSchema,
  XBlockSchema,
  YoutubeBlockSchema,
} from './post-options.js';

// The body of POST /posts ("POST /api/v2/posts", Body). Fields whose wrong forms the document
// answers with a precise error (media sent as text or empty, a bad `dryRun`, an unknown platform)
// are typed loosely here and read by the helpers of `post-request-readers.ts`, so the server
// chooses the error and its order. The JSON Schema still shows the documented type via `meta`.

const mediaListDoc = (description: string) =>
  z
    .unknown()
    .optional()
    .meta({ description, type: 'array', items: { type: 'string' } });

export const PostContentSchema = z.looseObject({
  text: z.string().optional().meta({ description: 'Caption, title or text; required when no media.' }),
  mediaID: mediaListDoc('File ids of ready library files.'),
  mediaIds: mediaListDoc('Alias of `mediaID`.'),
  mediaUrls: mediaListDoc('Legacy: public URLs; image or video is read from the URL ending.'),
  platform: z.string().optional().meta({ description: 'Informational only.' }),
});
export type PostContent = z.infer<typeof PostContentSchema>;

export const ScheduledForSchema = z
  .union([z.string(), z.number()])
  .meta({ description: 'ISO 8601 with zone, Unix seconds or milliseconds, or a word-month date with zone.' });

const dryRunDoc = z
  .unknown()
  .optional()
  .meta({ description: 'true runs every check and sends nothing.', type: 'boolean' });

/** The `post` (or `validate`) object. */
export const PostRequestSchema = z.looseObject({
  accountId: z.string().meta({ description: 'Profile UUID, `@handle` or bare profile name; case ignored.' }),
  platform: z.string().meta({
    description: 'One network: tiktok, instagram, facebook, youtube, x, linkedin, pinterest, threads, skool.',
  }),
  content: PostContentSchema.optional(),
  scheduledFor: ScheduledForSchema.optional(),
  dryRun: dryRunDoc,
  tiktok: TiktokBlockSchema.optional(),
  instagram: InstagramBlockSchema.optional(),
  facebook: FacebookBlockSchema.optional(),
  youtube: YoutubeBlockSchema.optional(),
  x: XBlockSchema.optional(),
  linkedin: LinkedinBlockSchema.optional(),
  pinterest: PinterestBlockSchema.optional(),
  threads: ThreadsBlockSchema.optional(),
  skool: SkoolBlockSchema.optional(),
  target: TiktokTargetSchema.optional().meta({ description: 'Earlier form of the tiktok options.' }),
});
export type PostRequest = z.infer<typeof PostRequestSchema>;

/** `{post}` publishes, queues or schedules; `{validate}` is a dry run. */
export const PostRequestBodySchema = z
  .looseObject({
    post: PostRequestSchema.optional(),
    validate: PostRequestSchema.optional(),
    dryRun: dryRunDoc,
  })
  .meta({ description: 'Send `post`, or `validate` instead of `post` for a dry run.' });
export type PostRequestBody = z.infer<typeof PostRequestBodySchema>;

/** Known keys at each level, for `unknownFields` (the option blocks are read from their schemas). */
export const POST_BODY_KEYS = Object.keys(PostRequestBodySchema.shape) as readonly string[];
export const POST_KEYS = Object.keys(PostRequestSchema.shape) as readonly string[];
export const POST_CONTENT_KEYS = Object.keys(PostContentSchema.shape) as readonly string[];
