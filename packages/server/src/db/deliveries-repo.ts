import type { Platform, PostStatus } from '@socialpub/core';
import type { Database } from './database.js';

/** One file as the network received it (what the table keeps of it). */
export interface StoredDeliveryMedia {
  kind: 'image' | 'video';
  type: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  fileId: string | null;
  /** The address a post named (legacy mediaUrls); library files are linked when read. */
  url: string | null;
}

/** What only the delivery knows; it travels with its post record and is written in the same insert. */
export interface StoredDelivery {
  text: string | null;
  media: StoredDeliveryMedia[];
  options: Record<string, unknown>;
  postType: string;
}

/** A delivery read back with what its post record says (account, network, time, permalink, status). */
export interface DeliveryRecord extends StoredDelivery {
  postId: string;
  accountId: string;
  profileId: string;
  platform: Platform;
  username: string | null;
  scheduledPostId: string | null;
  publishId: string | null;
  permalink: string | null;
  status: PostStatus;
  at: string;
}

export interface DeliveryListQuery {
  accountId: string;
  platform?: Platform | undefined;
  profileId?: string | undefined;
  postId?: string | undefined;
  /** Text the post contains, letter case ignored (ASCII, as SQLite's LIKE). */
  text?: string | undefined;
  /** At or after (ISO). */
  since?: string | undefined;
  /** Strictly older than this (at, post id): the keyset of the page before. */
  before?: { at: string; postId: string } | undefined;
  limit: number;
}

interface DeliveryRow {
  post_id: string;
  text: string | null;
  media: string;
  options: string;
  post_type: string;
  account_id: string;
  profile_id: string;
  platform: Platform;
  username: string | null;
  scheduled_post_id: string | null;
  publish_id: string | null;
  permalink: string | null;
  status: PostStatus;
  at: string;
}

// A kept delivery lives in its post record's columns (migration 018); `delivery_media` marks it.
const SELECT = `SELECT p.id AS post_id, p.delivery_text AS text, p.delivery_media AS media,
  p.delivery_options AS options, p.delivery_post_type AS post_type, p.account_id, p.profile_id,
  p.platform, p.username, p.scheduled_post_id, p.publish_id, p.permalink, p.status, p.at
  FROM post_records p`;

/** `%` and `_` in what a person searches for are letters, not patterns. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function fromRow(row: DeliveryRow): DeliveryRecord {
  return {
    postId: row.post_id,
    text: row.text,
    media: JSON.parse(row.media) as StoredDeliveryMedia[],
    options: JSON.parse(row.options) as Record<string, unknown>,
    postType: row.post_type,
    accountId: row.account_id,
    profileId: row.profile_id,
    platform: row.platform,
    username: row.username,
    scheduledPostId: row.scheduled_post_id,
    publishId: row.publish_id,
    permalink: row.permalink,
    status: row.status,
    at: row.at,
  };
}

function whereOf(query: Omit<DeliveryListQuery, 'limit'>): { where: string; params: unknown[] } {
  const where = ['p.account_id = ?', 'p.delivery_media IS NOT NULL'];
  const params: unknown[] = [query.accountId];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (query.platform !== undefined) add('p.platform = ?', query.platform);
  if (query.profileId !== undefined) add('p.profile_id = ?', query.profileId);
  if (query.postId !== undefined) add('p.id = ?', query.postId);
  if (query.since !== undefined) add('p.at >= ?', query.since);
  if (query.before !== undefined) {
    add('(p.at < ? OR (p.at = ? AND p.id < ?))', query.before.at, query.before.at, query.before.postId);
  }
  if (query.text !== undefined) add("p.delivery_text LIKE ? ESCAPE '\\'", likePattern(query.text));
  return { where: where.join(' AND '), params };
}

/** The values of a post record's delivery columns: all null when it keeps none. */
export function deliveryValues(
  delivery: StoredDelivery | null | undefined,
): [string | null, string | null, string | null, string | null] {
  if (!delivery) return [null, null, null, null];
  const { media, options } = delivery;
  return [
    delivery.text,
    media.length === 0 ? '[]' : JSON.stringify(media),
    JSON.stringify(options),
    delivery.postType,
  ];
}

/**
 * The network inbox, read from the post records that keep a delivery (migration 018). Deliveries are
 * written by the post records repository, in the record's own insert.
 */
export class DeliveriesRepository {
  constructor(private readonly db: Database) {}

  getByPostId(postId: string): DeliveryRecord | null {
    const row = this.db.prepare(`${SELECT} WHERE p.id = ? AND p.delivery_media IS NOT NULL`).get(postId) as
      | DeliveryRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  /** Newest first (the post records' account index), ties by post id. */
  list(query: DeliveryListQuery): DeliveryRecord[] {
    const { where, params } = whereOf(query);
    const sql = `${SELECT} WHERE ${where} ORDER BY p.at DESC, p.id DESC LIMIT ?`;
    return (this.db.prepare(sql).all(...params, query.limit) as DeliveryRow[]).map(fromRow);
  }

  /** How many match (`limit` and `before` unused): with the newest id, what tells an open inbox it changed. */
  count(query: Omit<DeliveryListQuery, 'limit' | 'before'>): number {
    const { where, params } = whereOf(query);
    const sql = `SELECT COUNT(*) AS n FROM post_records p WHERE ${where}`;
    return (this.db.prepare(sql).get(...params) as { n: number }).n;
  }

  /** Clears an account's inbox; its post records stay. */
  deleteForAccount(accountId: string): number {
    return this.db
      .prepare(
        `UPDATE post_records SET delivery_text = NULL, delivery_media = NULL, delivery_options = NULL,
         delivery_post_type = NULL WHERE account_id = ? AND delivery_media IS NOT NULL`,
      )
      .run(accountId).changes;
  }
}
