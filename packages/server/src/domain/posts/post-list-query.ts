import type { Platform, PostStatusFilter, RecordKind } from '@socialpub/core';
import type { Database } from '../../db/database.js';

/** Position of the last item of a page: keyset pagination on (at, id), newest first. */
export interface ListPosition {
  at: string;
  id: string;
}

export interface PostListFilter {
  accountId: string;
  kinds: readonly RecordKind[];
  statuses: readonly PostStatusFilter[];
  platform: Platform | undefined;
  profileId: string | undefined;
  after: ListPosition | undefined;
  limit: number;
  /** The dashboard's search: text the post contains, letter case ignored (what the network received, or the scheduled request). */
  textContains?: string | undefined;
  /** The dashboard's calendar day: `at` within [from, to) (ISO). */
  atWithin?: { from: string; to: string } | undefined;
}

/** `%` and `_` in what a person searches for are letters, not patterns. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListedItem {
  kind: RecordKind;
  id: string;
  at: string;
}

/** Status filters of scheduled posts, as their stored outcome (only those not gone out are listed). */
const SCHEDULED_OUTCOME_FOR_FILTER: Partial<Record<PostStatusFilter, string>> = {
  scheduled: 'waiting',
  cancelled: 'cancelled',
  failed: 'failed',
};
const POST_STATUS_FOR_FILTER: Partial<Record<PostStatusFilter, string>> = {
  success: 'success',
  processing: 'processing',
  timeout: 'timeout',
  failed: 'failed',
};

function inList(column: string, values: readonly string[], params: unknown[]): string {
  params.push(...values);
  return `${column} IN (${values.map(() => '?').join(', ')})`;
}

/**
 * One page of GET /posts over both tables. Once a scheduled post has gone out its network posts
 * stand in for it (`gone_out`), so each item appears once. Ordering by `at` newest first (future due
 * times first), ties by id; the page starts strictly after the cursor's position, so items inserted
 * meanwhile never shift or repeat what is still to come.
 */
export function listPostItems(db: Database, filter: PostListFilter): ListedItem[] {
  const parts: string[] = [];
  const params: unknown[] = [];
  const narrow = (where: string[], sub: unknown[], textSql: string) => {
    if (filter.atWithin) {
      where.push('at >= ? AND at < ?');
      sub.push(filter.atWithin.from, filter.atWithin.to);
    }
    if (filter.textContains !== undefined) {
      where.push(textSql);
      sub.push(likePattern(filter.textContains));
    }
  };
  const keyset = (where: string[], sub: unknown[]) => {
    if (!filter.after) return;
    where.push('(at < ? OR (at = ? AND id < ?))');
    sub.push(filter.after.at, filter.after.at, filter.after.id);
  };

  const postStatuses = filter.statuses.flatMap((s) => POST_STATUS_FOR_FILTER[s] ?? []);
  if (filter.kinds.includes('post') && (filter.statuses.length === 0 || postStatuses.length > 0)) {
    const where = ['account_id = ?'];
    const sub: unknown[] = [filter.accountId];
    if (filter.profileId !== undefined) {
      where.push('profile_id = ?');
      sub.push(filter.profileId);
    }
    if (filter.platform !== undefined) {
      where.push('platform = ?');
      sub.push(filter.platform);
    }
    if (postStatuses.length > 0) where.push(inList('status', postStatuses, sub));
    // A post's text is kept with what the network received (its delivery columns, migration 018).
    narrow(where, sub, "delivery_text LIKE ? ESCAPE '\\'");
    keyset(where, sub);
    parts.push(`SELECT 'post' AS kind, id, at FROM post_records WHERE ${where.join(' AND ')}`);
    params.push(...sub);
  }

  const outcomes = filter.statuses.flatMap((s) => SCHEDULED_OUTCOME_FOR_FILTER[s] ?? []);
  if (filter.kinds.includes('scheduled_post') && (filter.statuses.length === 0 || outcomes.length > 0)) {
    const where = ['account_id = ?', 'gone_out = 0'];
    const sub: unknown[] = [filter.accountId];
    if (filter.profileId !== undefined) {
      where.push('profile_id = ?');
      sub.push(filter.profileId);
    }
    if (filter.platform !== undefined) {
      where.push('EXISTS (SELECT 1 FROM json_each(scheduled_posts.platforms) WHERE value = ?)');
      sub.push(filter.platform);
    }
    if (outcomes.length > 0) where.push(inList('outcome', outcomes, sub));
    narrow(where, sub, "json_extract(request, '$.text') LIKE ? ESCAPE '\\'");
    keyset(where, sub);
    parts.push(`SELECT 'scheduled_post' AS kind, id, at FROM scheduled_posts WHERE ${where.join(' AND ')}`);
    params.push(...sub);
  }

  if (parts.length === 0) return [];
  const sql = `${parts.join(' UNION ALL ')} ORDER BY at DESC, id DESC LIMIT ?`;
  return db.prepare(sql).all(...params, filter.limit) as ListedItem[];
}
