import {
  apiError,
  type DeliveryPage,
  decodeCursor,
  encodeCursor,
  isPlatform,
  parseZonedDateTime,
} from '@socialpub/core';
import type { DeliveryListQuery } from '../../db/deliveries-repo.js';
import type { DomainDeps } from '../domain-deps.js';
import { cursorSecret } from '../posts/list-posts.js';
import { deliveryView } from './delivery-view.js';

/** The list kind inside a cursor: a cursor of GET /posts or the library is foreign here. */
const CURSOR_KIND = 'deliveries';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DeliveryListInput {
  limit: number;
  cursor?: string | undefined;
  platform?: string | undefined;
  profile_id?: string | undefined;
  post_id?: string | undefined;
  q?: string | undefined;
  since?: string | undefined;
}

const badParameter = (parameter: string, message: string) =>
  apiError('bad_request', message, { extra: { parameter } });

function uuidOf(parameter: string, value: string | undefined, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (!UUID.test(value)) throw badParameter(parameter, `${parameter} must be ${what} (a UUID).`);
  return value.toLowerCase();
}

/** The filters as the repository takes them; the first bad one answers 400 naming it. */
export function deliveryFilter(
  services: Pick<DomainDeps, 'repos' | 'urls'>,
  accountId: string,
  input: DeliveryListInput,
): DeliveryListQuery {
  if (input.platform !== undefined && !isPlatform(input.platform)) {
    throw badParameter('platform', `Unknown network "${input.platform}".`);
  }
  let since: string | undefined;
  if (input.since !== undefined) {
    const read = parseZonedDateTime(input.since);
    if (!read.ok) {
      throw badParameter(
        'since',
        read.reason === 'out_of_range'
          ? 'since must lie within the years 0000 to 9999 (UTC), like 2026-05-01T09:00:00Z.'
          : 'since must be a date-time with a zone, like 2026-05-01T09:00:00Z.',
      );
    }
    since = read.at.toISOString();
  }
  let before: DeliveryListQuery['before'];
  if (input.cursor !== undefined) {
    // Bound to the account: another account's cursor is foreign (400), not an empty page.
    const payload = decodeCursor(input.cursor, cursorSecret(services), CURSOR_KIND, accountId);
    const at = payload?.['a'];
    const postId = payload?.['i'];
    if (typeof at !== 'string' || typeof postId !== 'string') {
      throw badParameter(
        'cursor',
        'The cursor is not one this list gave; send next_cursor exactly as received.',
      );
    }
    before = { at, postId };
  }
  return {
    accountId,
    platform: input.platform as DeliveryListQuery['platform'],
    profileId: uuidOf('profile_id', input.profile_id, 'a profile id'),
    postId: uuidOf('post_id', input.post_id, 'a post record id'),
    text: input.q,
    since,
    before,
    limit: input.limit,
  };
}

/**
 * GET /admin/v1/accounts/{id}/deliveries: newest first, one keyset page and the next page's cursor
 * and address (the API's lists: `next_cursor` exactly as received).
 */
export function listDeliveries(
  services: Pick<DomainDeps, 'repos' | 'urls'>,
  accountId: string,
  input: DeliveryListInput,
): DeliveryPage {
  const filter = deliveryFilter(services, accountId, input);
  const rows = services.repos.deliveries.list({ ...filter, limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  const data = page.map((row) => deliveryView(services, row));
  const last = page.at(-1);
  if (rows.length <= input.limit || !last) return { data, next_cursor: null, next_url: null };
  const nextCursor = encodeCursor(
    { a: last.at, i: last.postId },
    cursorSecret(services),
    CURSOR_KIND,
    accountId,
  );
  const url = new URL(`/admin/v1/accounts/${accountId}/deliveries`, services.urls.base);
  for (const name of ['platform', 'profile_id', 'post_id', 'q', 'since'] as const) {
    const value = input[name];
    if (value !== undefined) url.searchParams.set(name, value);
  }
  url.searchParams.set('limit', String(input.limit));
  url.searchParams.set('cursor', nextCursor);
  return { data, next_cursor: nextCursor, next_url: url.toString() };
}
