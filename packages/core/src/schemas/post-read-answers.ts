import type * as z from 'zod';
import { pageSchema } from './common.js';
import { PostOrScheduledSchema } from './post-record.js';

// The answers of GET /posts and GET /posts/{id}, apart from the list's query (post-list.ts), which
// the server reads on every list request without building the record schemas.

export const PostListPageSchema = pageSchema(PostOrScheduledSchema);
export type PostListPage = z.infer<typeof PostListPageSchema>;

/** GET /posts/{id}: a post record (with `figures`) or a scheduled post record (with `results`). */
export const PostReadResponseSchema = PostOrScheduledSchema;
export type PostReadResponse = z.infer<typeof PostReadResponseSchema>;
