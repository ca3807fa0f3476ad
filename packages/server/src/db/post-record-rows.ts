import type { Figures, Notice, Platform, PostStatus } from '@socialpub/core';
import type { StoredDelivery } from './deliveries-repo.js';

// The post record as the server uses it and as the table stores it (`post-records-repo.ts`).

/**
 * One post sent to one network (the Post record table of the API document), plus what the server
 * keeps to finish it later: the network's own result (for `pollStatus`), when it finishes, the
 * figures the simulated network reports and the last collected figures.
 */
export interface StoredPostRecord {
  id: string;
  accountId: string;
  profileId: string;
  platform: Platform;
  status: PostStatus;
  mediaType: string | null;
  publishId: string | null;
  permalink: string | null;
  errorMessage: string | null;
  /** When sent (ISO). */
  at: string;
  updatedAt: string;
  scheduledPostId: string | null;
  notices: Notice[];
  /** X add-on link allowance: the post's text had links. */
  hasLinks: boolean;
  /** The network's result as `data` carried it (needed to poll a post that finishes later). */
  networkResult?: Record<string, unknown> | null;
  /** The connection's username when sent (permalinks of posts that finish later). */
  username?: string | null;
  /** A `processing` post is asked again at this time (tiktok/instagram, 202 processing, still_publishing). */
  finishAt?: string | null;
  /** When it became `success`; figures are collected for 7 days from then. */
  publishedAt?: string | null;
  /** `simulate.figures` of the behaviour it was sent with (reference-server.md, Simulated networks). */
  simulatedFigures?: Record<string, number | null> | null;
  figures?: Figures | null;
  /** `figures` already as its column's JSON text (the first figures, taken with the record): written as is. */
  figuresText?: string;
  nextFiguresAt?: string | null;
  /** What the network received, when it accepted the post: written with the record (network inbox). */
  delivery?: StoredDelivery | null;
  /**
   * SHA-256 of the NFC text a network with a duplicate rule accepted (X, LinkedIn, Facebook),
   * written with the record (migration 019); absent otherwise.
   */
  textDigest?: Buffer | undefined;
}

export type PostRecordPatch = Partial<
  Pick<
    StoredPostRecord,
    | 'status'
    | 'publishId'
    | 'permalink'
    | 'errorMessage'
    | 'updatedAt'
    | 'networkResult'
    | 'finishAt'
    | 'publishedAt'
    | 'figures'
    | 'nextFiguresAt'
    | 'notices'
  >
>;

/** The counting questions of the allowances, the 20-second wait and skool's own limit. */
export interface PostCountQuery {
  accountId?: string;
  profileId?: string;
  platform?: Platform;
  /** Inclusive lower bound of `at`. */
  since: Date;
  /** Exclusive upper bound of `at`. */
  until?: Date;
  /** Only posts that count for an allowance ("failed posts do not count"). */
  countingOnly?: boolean;
  withLinks?: boolean;
}

/** A count's question with its instants as stored text (ISO), as rows are compared with it. */
export interface PostCountWindow extends Omit<PostCountQuery, 'since' | 'until'> {
  since: string;
  until: string | undefined;
}

export interface PostRecordRow {
  id: string;
  account_id: string;
  profile_id: string;
  platform: Platform;
  status: PostStatus;
  media_type: string | null;
  publish_id: string | null;
  permalink: string | null;
  error_message: string | null;
  at: string;
  updated_at: string;
  scheduled_post_id: string | null;
  notices: string;
  has_links: number;
  network_result: string | null;
  username: string | null;
  finish_at: string | null;
  published_at: string | null;
  simulated_figures: string | null;
  figures: string | null;
  next_figures_at: string | null;
}

/** An instant as `Date#toISOString()` writes it: the only form the server makes for a post record. */
const STORED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/**
 * A post record's instant as stored. The server's own instants come as `toISOString()` text already
 * and are kept as they are (parsing and writing them again cost more than the rest of the row's
 * fields); anything else is read as a date and written in that form.
 */
export const iso = (value: string): string =>
  STORED_INSTANT.test(value) ? value : new Date(value).toISOString();
export const isoOrNull = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : iso(value);
export const jsonOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);
const parseOrNull = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export function postRecordFromRow(row: PostRecordRow): StoredPostRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    profileId: row.profile_id,
    platform: row.platform,
    status: row.status,
    mediaType: row.media_type,
    publishId: row.publish_id,
    permalink: row.permalink,
    errorMessage: row.error_message,
    at: row.at,
    updatedAt: row.updated_at,
    scheduledPostId: row.scheduled_post_id,
    notices: JSON.parse(row.notices) as Notice[],
    hasLinks: row.has_links === 1,
    networkResult: parseOrNull(row.network_result),
    username: row.username,
    finishAt: row.finish_at,
    publishedAt: row.published_at,
    simulatedFigures: parseOrNull(row.simulated_figures),
    figures: parseOrNull(row.figures),
    nextFiguresAt: row.next_figures_at,
  };
}

export const PATCH_COLUMNS: Record<keyof PostRecordPatch, [string, (value: never) => unknown]> = {
  status: ['status', (v: string) => v],
  publishId: ['publish_id', (v: string | null) => v],
  permalink: ['permalink', (v: string | null) => v],
  errorMessage: ['error_message', (v: string | null) => v],
  updatedAt: ['updated_at', (v: string) => iso(v)],
  networkResult: ['network_result', jsonOrNull],
  finishAt: ['finish_at', isoOrNull],
  publishedAt: ['published_at', isoOrNull],
  figures: ['figures', jsonOrNull],
  nextFiguresAt: ['next_figures_at', isoOrNull],
  notices: ['notices', (v: Notice[]) => JSON.stringify(v)],
};
