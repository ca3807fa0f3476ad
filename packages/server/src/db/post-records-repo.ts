import type { Figures, Notice, Platform, PostStatus } from '@socialpub/core';
import { type ClockScope, onClockParams, onClockSql, SERVER_CLOCK_SCOPE } from '../clocks/clock-scope.js';
import type { Database } from './database.js';
import { PostCountAnswers } from './post-count-answers.js';

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
  nextFiguresAt?: string | null;
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

interface PostRecordRow {
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

const iso = (value: string): string => new Date(value).toISOString();
const isoOrNull = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : iso(value);
const jsonOrNull = (value: unknown): string | null =>
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

const PATCH_COLUMNS: Record<keyof PostRecordPatch, [string, (value: never) => unknown]> = {
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

export class PostRecordsRepository {
  readonly #insert;
  readonly #get;

  /**
   * Answers of the limit queries (counts, latest send), kept while they stay the table's current
   * answer: the table is written only through `insert` and `update` here.
   */
  readonly #answers = new PostCountAnswers();
  /** Inside `transaction`: a rollback drops the kept answers, so inserts may update them. */
  #ownTransaction = false;

  /** A transaction may still roll back what it read or wrote. */
  #mayKeep(): boolean {
    return !this.db.inTransaction || this.#ownTransaction;
  }

  /**
   * Runs `work` in one transaction; kept answers follow its inserts, and are dropped if it rolls
   * back. Inside another transaction it simply joins it (inserts then drop the answers).
   */
  transaction<T>(work: () => T): T {
    if (this.db.inTransaction) return work();
    this.#ownTransaction = true;
    try {
      return this.db.transaction(work)();
    } catch (error) {
      this.#answers.forget();
      throw error;
    } finally {
      this.#ownTransaction = false;
    }
  }

  constructor(private readonly db: Database) {
    this.#insert = db.prepare(
      `INSERT INTO post_records (id, account_id, profile_id, platform, status, media_type, publish_id,
       permalink, error_message, at, updated_at, scheduled_post_id, notices, has_links, network_result,
       username, finish_at, published_at, simulated_figures, figures, next_figures_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#get = db.prepare('SELECT * FROM post_records WHERE id = ?');
  }

  /**
   * Records a post. A post that is `success` at once starts its figure collection at its send time
   * unless the caller says otherwise (Post record, Figures).
   */
  insert(post: StoredPostRecord): void {
    const at = iso(post.at);
    const publishedAt = post.publishedAt ?? (post.status === 'success' ? post.at : null);
    const nextFiguresAt = post.nextFiguresAt ?? (post.status === 'success' ? publishedAt : null);
    this.#insert.run(
      post.id,
      post.accountId,
      post.profileId,
      post.platform,
      post.status,
      post.mediaType,
      post.publishId,
      post.permalink,
      post.errorMessage,
      at,
      iso(post.updatedAt),
      post.scheduledPostId,
      JSON.stringify(post.notices),
      post.hasLinks ? 1 : 0,
      jsonOrNull(post.networkResult),
      post.username ?? null,
      isoOrNull(post.finishAt),
      isoOrNull(publishedAt),
      jsonOrNull(post.simulatedFigures),
      jsonOrNull(post.figures),
      isoOrNull(nextFiguresAt),
    );
    if (this.#mayKeep()) this.#answers.noteInserted(post, at);
    else this.#answers.forget();
  }

  update(id: string, patch: PostRecordPatch): void {
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [field, value] of Object.entries(patch) as [keyof PostRecordPatch, never][]) {
      if (value === undefined) continue;
      const [column, toDb] = PATCH_COLUMNS[field];
      sets.push(`${column} = ?`);
      values.push(toDb(value));
    }
    if (sets.length === 0) return;
    if (patch.status !== undefined) this.#answers.forget();
    this.db.prepare(`UPDATE post_records SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
  }

  get(id: string): StoredPostRecord | null {
    const row = this.#get.get(id) as PostRecordRow | undefined;
    return row ? postRecordFromRow(row) : null;
  }

  /** Only the status (the scheduler's outcome after a send): no row to parse. */
  statusOf(id: string): PostStatus | null {
    const row = this.db.prepare('SELECT status FROM post_records WHERE id = ?').get(id) as
      | { status: PostStatus }
      | undefined;
    return row?.status ?? null;
  }

  /** Another account's post reads exactly like one that does not exist (Authentication, rule 4). */
  getForAccount(accountId: string, id: string): StoredPostRecord | null {
    const post = this.get(id);
    return post && post.accountId === accountId ? post : null;
  }

  /** The network posts a scheduled post made, in the order they were recorded. */
  listForScheduledPost(scheduledPostId: string): StoredPostRecord[] {
    const rows = this.db
      .prepare('SELECT * FROM post_records WHERE scheduled_post_id = ? ORDER BY rowid')
      .all(scheduledPostId) as PostRecordRow[];
    return rows.map(postRecordFromRow);
  }

  countPosts(query: PostCountQuery): number {
    // Every POST /posts check asks several counts: the kept answer is found without building the SQL.
    const kept = this.#answers.count(query);
    if (kept !== undefined) return kept;
    // By account first: `post_records_account` holds every column asked here, from the start on.
    const where: string[] = [];
    const values: unknown[] = [];
    if (query.accountId !== undefined) {
      where.push('account_id = ?');
      values.push(query.accountId);
    }
    const since = query.since.toISOString();
    const until = query.until?.toISOString();
    where.push('at >= ?');
    values.push(since);
    if (until !== undefined) {
      where.push('at < ?');
      values.push(until);
    }
    if (query.profileId !== undefined) {
      where.push('profile_id = ?');
      values.push(query.profileId);
    }
    if (query.platform !== undefined) {
      where.push('platform = ?');
      values.push(query.platform);
    }
    if (query.countingOnly === true) where.push("status <> 'failed'");
    if (query.withLinks === true) where.push('has_links = 1');
    const sql = `SELECT COUNT(*) AS n FROM post_records WHERE ${where.join(' AND ')}`;
    const row = this.db.prepare(sql).get(...values) as { n: number };
    if (this.#mayKeep()) this.#answers.keepCount(query, { ...query, since, until, n: row.n });
    return row.n;
  }

  /**
   * Latest send of the account's posts to the network at or after `since`, or null (the 20-second
   * wait asks about its last 20 seconds, skool about its hour): only the account's posts since then
   * are read, never its whole history.
   */
  lastPostSince(accountId: string, platform: Platform, since: Date): Date | null {
    const from = since.toISOString();
    let at = this.#answers.lastAt(accountId, platform, from);
    if (at === undefined) {
      const row = this.db
        .prepare(
          'SELECT at FROM post_records WHERE account_id = ? AND at >= ? AND platform = ? ORDER BY at DESC LIMIT 1',
        )
        .get(accountId, from, platform) as { at: string } | undefined;
      at = row?.at ?? null;
      if (this.#mayKeep()) this.#answers.keepLastAt(accountId, platform, from, at);
    }
    return at === null ? null : new Date(at);
  }

  /** Send times of the account's posts to the network between two instants, inclusive (posts_close_together). */
  sendTimesBetween(accountId: string, platform: Platform, from: Date, to: Date): Date[] {
    const rows = this.db
      .prepare(
        'SELECT at FROM post_records WHERE account_id = ? AND platform = ? AND at >= ? AND at <= ? ORDER BY at',
      )
      .all(accountId, platform, from.toISOString(), to.toISOString()) as { at: string }[];
    return rows.map((row) => new Date(row.at));
  }

  /** The earliest post waiting for the network to finish it (due work). */
  nextFinishDue(scope: ClockScope = SERVER_CLOCK_SCOPE): { id: string; at: Date } | null {
    const row = this.db
      .prepare(
        `SELECT id, finish_at FROM post_records WHERE finish_at IS NOT NULL AND ${onClockSql('account_id', scope)}
         ORDER BY finish_at, rowid LIMIT 1`,
      )
      .get(...onClockParams(scope)) as { id: string; finish_at: string } | undefined;
    return row ? { id: row.id, at: new Date(row.finish_at) } : null;
  }

  /**
   * The earliest figure collection due (every 6 hours during the first 7 days). Ties go by rowid
   * (insertion order), which the partial index holds: ordering by `id` sorted every due row per call.
   */
  nextFiguresDue(scope: ClockScope = SERVER_CLOCK_SCOPE): { id: string; at: Date } | null {
    const row = this.db
      .prepare(
        `SELECT id, next_figures_at FROM post_records WHERE next_figures_at IS NOT NULL
         AND ${onClockSql('account_id', scope)} ORDER BY next_figures_at, rowid LIMIT 1`,
      )
      .get(...onClockParams(scope)) as { id: string; next_figures_at: string } | undefined;
    return row ? { id: row.id, at: new Date(row.next_figures_at) } : null;
  }
}
