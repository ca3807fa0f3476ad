import { LIMITS, type Platform, type PostRecord } from '@socialpub/core';
import type { DomainDeps } from '../domain-deps.js';
import { listPosts } from './list-posts.js';
import { readPost } from './read-post.js';

export interface FiguresAcrossPostsQuery {
  /** Posts sent at or after `from` and before `to`. */
  from: Date;
  to: Date;
  platform?: Platform | undefined;
  profileId?: string | undefined;
}

export interface FiguresAcrossPosts {
  /** The account's succeeded posts of the period, newest first, each as GET /posts/{id} reads it. */
  posts: PostRecord[];
  /** True when the period holds more posts than are read at once (the oldest are left out). */
  truncated: boolean;
}

/**
 * The figures of every succeeded post of a period, for Analytics: listed as GET /posts lists them
 * and each read as GET /posts/{id} reads it (the same collection on read), so every number shown
 * across posts is one the API gives for that post.
 */
export function figuresAcrossPosts(
  services: Pick<DomainDeps, 'db' | 'repos' | 'clocks' | 'urls' | 'drivers'>,
  accountId: string,
  query: FiguresAcrossPostsQuery,
): FiguresAcrossPosts {
  const max = LIMITS.dashboard.analyticsMaxPosts;
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = listPosts(services, accountId, {
      kind: 'post',
      status: 'success',
      platform: query.platform,
      profile_id: query.profileId,
      atWithin: { from: query.from.toISOString(), to: query.to.toISOString() },
      limit: LIMITS.pages.maxLimit,
      cursor,
    });
    for (const item of page.data) ids.push(item.id);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined && ids.length <= max);
  const posts = ids.slice(0, max).flatMap((id) => {
    const record = readPost(services, accountId, id);
    return record.kind === 'post' ? [record] : [];
  });
  return { posts, truncated: ids.length > max };
}
