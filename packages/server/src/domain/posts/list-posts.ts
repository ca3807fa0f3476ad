import {
  apiError,
  decodeCursor,
  encodeCursor,
  isPlatform,
  kindsForStatuses,
  type Platform,
  type PostOrScheduled,
  type PostStatusFilter,
  type RecordKind,
  readStatusFilter,
} from '@socialpub/core';
import type { DomainDeps } from '../domain-deps.js';
import { randomToken } from '../secrets.js';
import { type ListPosition, listPostItems } from './post-list-query.js';
import { postRecordView, scheduledPostView } from './post-views.js';

/** The list kind inside a cursor: a cursor of another list (the media library) is foreign here. */
const CURSOR_KIND = 'posts';
const CURSOR_SECRET_SETTING = 'cursor_secret';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PostListInput {
  limit: number;
  cursor?: string | undefined;
  status?: string | undefined;
  platform?: string | undefined;
  kind?: string | undefined;
  profile_id?: string | undefined;
  /** The dashboard's search and calendar day (not parameters of GET /posts). */
  textContains?: string | undefined;
  atWithin?: { from: string; to: string } | undefined;
}

export interface PostListResult {
  data: PostOrScheduled[];
  next_cursor: string | null;
  next_url: string | null;
}

const badParameter = (parameter: string, message: string) =>
  apiError('bad_request', message, { status: 400, extra: { parameter } });

/** The secret that signs page cursors; made once per data directory and kept. */
export function cursorSecret(services: Pick<DomainDeps, 'repos'>): string {
  return services.repos.settings.getOrCreate(CURSOR_SECRET_SETTING, () => randomToken(32));
}

function readStatuses(raw: string | undefined): PostStatusFilter[] {
  if (raw === undefined) return [];
  const reading = readStatusFilter(raw);
  if (reading.ok) return reading.statuses;
  // "`published` is refused with a hint (use success)".
  const hint = reading.hint
    ? ` Use status=${reading.hint}: a post that went out has status ${reading.hint}.`
    : '';
  throw badParameter(
    'status',
    `Unknown status "${reading.value}". Use success, failed, processing, timeout, scheduled or cancelled.${hint}`,
  );
}

function readKinds(raw: string | undefined, statuses: readonly PostStatusFilter[]): RecordKind[] {
  const byStatus = kindsForStatuses(statuses);
  if (raw === undefined) return byStatus;
  if (raw !== 'post' && raw !== 'scheduled_post') {
    throw badParameter('kind', `Unknown kind "${raw}". Use post or scheduled_post.`);
  }
  return byStatus.filter((kind) => kind === raw);
}

function readPosition(
  services: Pick<DomainDeps, 'db' | 'repos' | 'clocks' | 'urls'>,
  accountId: string,
  cursor: string | undefined,
): ListPosition | undefined {
  if (cursor === undefined) return undefined;
  // Bound to the account: another account's cursor is foreign (400), not an empty page.
  const payload = decodeCursor(cursor, cursorSecret(services), CURSOR_KIND, accountId);
  const at = payload?.['a'];
  const id = payload?.['i'];
  if (typeof at !== 'string' || typeof id !== 'string') {
    throw badParameter(
      'cursor',
      'The cursor is not one this list gave; send next_cursor exactly as received.',
    );
  }
  return { at, id };
}

/** GET /api/v2/posts: validated filters, one keyset page, and the next page's cursor and URL. */
export function listPosts(
  services: Pick<DomainDeps, 'db' | 'repos' | 'clocks' | 'urls'>,
  accountId: string,
  input: PostListInput,
): PostListResult {
  const statuses = readStatuses(input.status);
  const kinds = readKinds(input.kind, statuses);
  let platform: Platform | undefined;
  if (input.platform !== undefined) {
    if (!isPlatform(input.platform)) throw badParameter('platform', `Unknown network "${input.platform}".`);
    platform = input.platform;
  }
  if (input.profile_id !== undefined && !UUID.test(input.profile_id)) {
    throw badParameter('profile_id', 'profile_id must be a profile UUID from GET /accounts.');
  }
  const after = readPosition(services, accountId, input.cursor);
  const items = listPostItems(services.db, {
    accountId,
    kinds,
    statuses,
    platform,
    profileId: input.profile_id?.toLowerCase(),
    after,
    limit: input.limit + 1,
    textContains: input.textContains,
    atWithin: input.atWithin,
  });
  const page = items.slice(0, input.limit);
  const now = services.clocks.forAccount(accountId).now();
  const { postRecords, scheduledPosts } = services.repos;
  const data = page.flatMap((item): PostOrScheduled[] => {
    if (item.kind === 'post') {
      const post = postRecords.get(item.id);
      return post ? [postRecordView(post, now)] : [];
    }
    const scheduled = scheduledPosts.get(item.id);
    return scheduled ? [scheduledPostView(scheduled, [], now, false)] : [];
  });
  const last = page.at(-1);
  if (items.length <= input.limit || !last) return { data, next_cursor: null, next_url: null };
  const nextCursor = encodeCursor({ a: last.at, i: last.id }, cursorSecret(services), CURSOR_KIND, accountId);
  const url = new URL('/api/v2/posts', services.urls.base);
  for (const name of ['status', 'platform', 'kind', 'profile_id'] as const) {
    const value = input[name];
    if (value !== undefined) url.searchParams.set(name, value);
  }
  url.searchParams.set('limit', String(input.limit));
  url.searchParams.set('cursor', nextCursor);
  return { data, next_cursor: nextCursor, next_url: url.toString() };
}
