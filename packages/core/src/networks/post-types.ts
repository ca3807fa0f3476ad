import * as z from 'zod';

/** Supported networks and post types: every post type the table names, as one enum. */
export const POST_TYPES = [
  'video',
  'photo_slideshow',
  'image',
  'reel',
  'story',
  'carousel',
  'photo',
  'text',
  'image_pin',
] as const;

export const PostTypeSchema = z.enum(POST_TYPES);
export type PostType = z.infer<typeof PostTypeSchema>;
