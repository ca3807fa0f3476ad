import * as z from 'zod';
import { PageLimitSchema } from './common.js';

/** `status` values of GET /posts and the records each selects ("GET /api/v2/posts - list"). */
export const POST_STATUS_FILTERS = [
  'success',
  'failed',
  'processing',
  'timeout',
  'scheduled',
  'cancelled',
] as const;
export type PostStatusFilter = (typeof POST_STATUS_FILTERS)[number];
export type RecordKind = 'post' | 'scheduled_post';
export const RECORD_KINDS: readonly RecordKind[] = ['post', 'scheduled_post'];

/** success, processing, timeout are posts; scheduled, cancelled are scheduled posts; failed is both. */
export const STATUS_FILTER_KINDS: Record<PostStatusFilter, readonly RecordKind[]> = {
  success: ['post'],
  processing: ['post'],
  timeout: ['post'],
  scheduled: ['scheduled_post'],
  cancelled: ['scheduled_post'],
  failed: ['post', 'scheduled_post'],
};

/** Values refused with a hint naming the right one (`published` → `success`). */
export const STATUS_FILTER_HINTS: Readonly<Record<string, PostStatusFilter>> = { published: 'success' };

/**
 * Query of GET /posts. Filters stay strings so the server can name the parameter and the wrong
 * value in `error.parameter`; unknown parameters pass through to be named in warnings.
 */
export const PostListQuerySchema = z.looseObject({
  limit: PageLimitSchema,
  cursor: z.string().optional().meta({ description: '`next_cursor` exactly as received.' }),
  status: z
    .string()
    .optional()
    .meta({ description: `Comma-separated from ${POST_STATUS_FILTERS.join(', ')}.` }),
  platform: z.string().optional().meta({ description: 'One network.' }),
  kind: z.string().optional().meta({ description: '`post` or `scheduled_post`.' }),
  profile_id: z.string().optional().meta({ description: 'UUID from GET /accounts.' }),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;
export const POST_LIST_PARAMETERS = ['limit', 'cursor', 'status', 'platform', 'kind', 'profile_id'] as const;

export type StatusFilterReading =
  | { ok: true; statuses: PostStatusFilter[] }
  | { ok: false; value: string; hint: PostStatusFilter | undefined };

/** Reads `status=a,b`: the first value that is not a filter is returned with its hint, if any. */
export function readStatusFilter(raw: string): StatusFilterReading {
  const statuses: PostStatusFilter[] = [];
  for (const part of raw.split(',')) {
    const value = part.trim();
    const known = POST_STATUS_FILTERS.find((filter) => filter === value);
    if (known === undefined) return { ok: false, value, hint: STATUS_FILTER_HINTS[value.toLowerCase()] };
    if (!statuses.includes(known)) statuses.push(known);
  }
  return { ok: true, statuses };
}

/** Which record kinds a set of status filters can return (all kinds when no filter). */
export function kindsForStatuses(statuses: readonly PostStatusFilter[]): RecordKind[] {
  if (statuses.length === 0) return [...RECORD_KINDS];
  return RECORD_KINDS.filter((kind) => statuses.some((status) => STATUS_FILTER_KINDS[status].includes(kind)));
}
