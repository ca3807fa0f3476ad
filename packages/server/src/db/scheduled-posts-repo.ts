import type { Platform } from '@socialpub/core';
import { type ClockScope, onClockParams, onClockSql, SERVER_CLOCK_SCOPE } from '../clocks/clock-scope.js';
import type { Database } from './database.js';

/**
 * The stored outcome of a scheduled post. `waiting`, `sending`, `cancelled` and `failed` (refused at
 * send time, nothing sent) are final as stored; once a network post exists the wire outcome is
 * recomputed from the results on every read, because a processing post may still finish.
 */
export type StoredScheduledOutcome =
  | 'waiting'
  | 'sending'
  | 'success'
  | 'failed'
  | 'partly_failed'
  | 'unconfirmed'
  | 'cancelled';

export interface StoredScheduledPost {
  id: string;
  accountId: string;
  profileId: string;
  platforms: Platform[];
  /** Due time (ISO); moves a day later when the daily allowance is used at send time. */
  at: string;
  scheduledFor: string;
  createdAt: string;
  /** Why it moved, e.g. used-up daily allowance. */
  note: string | null;
  mediaType: string | null;
  /** The normalised request kept for send time ("Options are kept and used when it goes out"). */
  request: Record<string, unknown>;
  /** Defaults: `waiting`, `updatedAt` = `createdAt`. */
  outcome?: StoredScheduledOutcome;
  updatedAt?: string;
  errorMessage?: string | null;
  /** Networks refused before anything was sent, with the reason (result status `not_sent`). */
  notSent?: Record<string, string>;
  sendingStartedAt?: string | null;
  /** True once a network post names it (set by a database trigger). */
  goneOut?: boolean;
}

/**
 * A due post as the drain reads it: what a send reads of it, and where its row is, so the settling
 * write inside the same transaction finds it without searching the id index. The columns only
 * start-up recovery and the reads need (`not_sent`, `sending_started_at`, ...) are left unread.
 */
export interface DueScheduledPost extends StoredScheduledPost {
  readonly row: number;
}

interface ScheduledRow {
  id: string;
  account_id: string;
  profile_id: string;
  platforms: string;
  outcome: StoredScheduledOutcome;
  at: string;
  scheduled_for: string;
  created_at: string;
  updated_at: string;
  note: string | null;
  error_message: string | null;
  media_type: string | null;
  request: string;
  not_sent: string;
  sending_started_at: string | null;
  gone_out: number;
}

const iso = (value: string | Date): string => new Date(value).toISOString();

function scheduledPostFromRow(row: ScheduledRow): StoredScheduledPost {
  return {
    id: row.id,
    accountId: row.account_id,
    profileId: row.profile_id,
    platforms: JSON.parse(row.platforms) as Platform[],
    outcome: row.outcome,
    at: row.at,
    scheduledFor: row.scheduled_for,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    note: row.note,
    errorMessage: row.error_message,
    mediaType: row.media_type,
    request: JSON.parse(row.request) as Record<string, unknown>,
    notSent: JSON.parse(row.not_sent) as Record<string, string>,
    sendingStartedAt: row.sending_started_at,
    goneOut: row.gone_out === 1,
  };
}

/**
 * The columns of a due post (`DueScheduledPost`), read as arrays in this order (`raw`): the row's
 * other columns, and better-sqlite3 making an object of each row, cost the drain's read more than
 * the rest of it.
 */
const DUE_COLUMNS = `rowid, id, account_id, profile_id, platforms, at, scheduled_for, created_at, note,
  media_type, request`;

type DueRow = [
  row: number,
  id: string,
  accountId: string,
  profileId: string,
  platforms: string,
  at: string,
  scheduledFor: string,
  createdAt: string,
  note: string | null,
  mediaType: string | null,
  request: string,
];

/**
 * A due post's networks, parsed once per distinct text (a server sees a handful): the posts of a
 * batch share one frozen list, which nothing changes in place.
 */
const duePlatforms = new Map<string, Platform[]>();
const DUE_PLATFORMS_KEPT = 64;

function platformsOf(text: string): Platform[] {
  let platforms = duePlatforms.get(text);
  if (platforms === undefined) {
    platforms = Object.freeze(JSON.parse(text) as Platform[]) as Platform[];
    if (duePlatforms.size >= DUE_PLATFORMS_KEPT) duePlatforms.clear();
    duePlatforms.set(text, platforms);
  }
  return platforms;
}

function duePostFromRow(row: DueRow): DueScheduledPost {
  return {
    row: row[0],
    id: row[1],
    accountId: row[2],
    profileId: row[3],
    platforms: platformsOf(row[4]),
    outcome: 'waiting',
    at: row[5],
    scheduledFor: row[6],
    createdAt: row[7],
    note: row[8],
    mediaType: row[9],
    request: JSON.parse(row[10]) as Record<string, unknown>,
  };
}

/** A post of an account being deleted is never sent: its deletion removes it. */
const NOT_DELETING = 'account_id NOT IN (SELECT id FROM accounts WHERE deleting_since IS NOT NULL)';

export class ScheduledPostsRepository {
  readonly #insert;
  readonly #get;
  readonly #markSending;
  readonly #settleDue;

  constructor(private readonly db: Database) {
    this.#insert = db.prepare(
      `INSERT INTO scheduled_posts (id, account_id, profile_id, platforms, outcome, at, scheduled_for,
       created_at, updated_at, note, error_message, media_type, request, not_sent, sending_started_at, seq)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
       (SELECT COALESCE(MAX(seq), 0) + 1 FROM scheduled_posts))`,
    );
    this.#get = db.prepare('SELECT * FROM scheduled_posts WHERE id = ?');
    this.#markSending = db.prepare(
      `UPDATE scheduled_posts SET outcome = 'sending', sending_started_at = ?, updated_at = ?
       WHERE id = ? AND outcome = 'waiting'`,
    );
    // The id is asked too: a row number read in another transaction could name another row by now.
    this.#settleDue = db.prepare(
      `UPDATE scheduled_posts SET outcome = ?, sending_started_at = ?, updated_at = ?,
       error_message = COALESCE(?, error_message), gone_out = MAX(gone_out, ?)
       WHERE rowid = ? AND id = ? AND outcome = 'waiting'`,
    );
  }

  insert(post: StoredScheduledPost): void {
    this.#insert.run(
      post.id,
      post.accountId,
      post.profileId,
      JSON.stringify(post.platforms),
      post.outcome ?? 'waiting',
      iso(post.at),
      iso(post.scheduledFor),
      iso(post.createdAt),
      iso(post.updatedAt ?? post.createdAt),
      post.note,
      post.errorMessage ?? null,
      post.mediaType,
      JSON.stringify(post.request),
      JSON.stringify(post.notSent ?? {}),
      post.sendingStartedAt ?? null,
    );
  }

  get(id: string): StoredScheduledPost | null {
    const row = this.#get.get(id) as ScheduledRow | undefined;
    return row ? scheduledPostFromRow(row) : null;
  }

  /** Another account's scheduled post reads exactly like one that does not exist. */
  getForAccount(accountId: string, id: string): StoredScheduledPost | null {
    const post = this.get(id);
    return post && post.accountId === accountId ? post : null;
  }

  /** Scheduled posts of the account still waiting (409 scheduled_queue_full at 500). */
  countWaiting(accountId: string): number {
    const row = this.db
      .prepare("SELECT COUNT(*) AS n FROM scheduled_posts WHERE account_id = ? AND outcome = 'waiting'")
      .get(accountId) as { n: number };
    return row.n;
  }

  /** Due times of the account's waiting posts to the network between two instants, inclusive (posts_close_together). */
  waitingDueTimes(accountId: string, platform: Platform, from: Date, to: Date): Date[] {
    const rows = this.db
      .prepare(
        `SELECT at FROM scheduled_posts WHERE account_id = ? AND outcome = 'waiting' AND at >= ? AND at <= ?
         AND EXISTS (SELECT 1 FROM json_each(scheduled_posts.platforms) WHERE value = ?) ORDER BY at`,
      )
      .all(accountId, from.toISOString(), to.toISOString(), platform) as { at: string }[];
    return rows.map((row) => new Date(row.at));
  }

  /** Earliest due time of a waiting post (the scheduler's due work). */
  nextDueAt(scope: ClockScope = SERVER_CLOCK_SCOPE): Date | null {
    const row = this.db
      .prepare(
        `SELECT at FROM scheduled_posts WHERE outcome = 'waiting' AND ${onClockSql('account_id', scope)}
         AND ${NOT_DELETING} ORDER BY at, seq LIMIT 1`,
      )
      .get(...onClockParams(scope)) as { at: string } | undefined;
    return row ? new Date(row.at) : null;
  }

  /** How many waiting posts are due at or before `now` (the metrics' due work waiting; all when `now` is null). */
  countDueWaiting(now: Date | null, scope: ClockScope = SERVER_CLOCK_SCOPE): number {
    const due = now === null ? '' : 'AND at <= ?';
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM scheduled_posts WHERE outcome = 'waiting' ${due} AND ${onClockSql('account_id', scope)}`,
      )
      .get(...(now === null ? [] : [now.toISOString()]), ...onClockParams(scope)) as { n: number };
    return row.n;
  }

  /** Waiting posts due at or before `now`, in due-time order then creation order. */
  dueBatch(now: Date, limit: number, scope: ClockScope = SERVER_CLOCK_SCOPE): DueScheduledPost[] {
    const rows = this.db
      .prepare(
        `SELECT ${DUE_COLUMNS} FROM scheduled_posts WHERE outcome = 'waiting' AND at <= ? AND ${onClockSql('account_id', scope)}
         AND ${NOT_DELETING} ORDER BY at, seq LIMIT ?`,
      )
      .raw(true)
      .all(now.toISOString(), limit, ...onClockParams(scope)) as DueRow[];
    return rows.map(duePostFromRow);
  }

  /** The first waiting post due at or before `now` of each profile and set of networks, in creation order. */
  dueFirstPerProfile(now: Date, limit: number, scope: ClockScope = SERVER_CLOCK_SCOPE): DueScheduledPost[] {
    const rows = this.db
      .prepare(
        `SELECT ${DUE_COLUMNS} FROM scheduled_posts WHERE seq IN (SELECT MIN(seq) FROM scheduled_posts
         WHERE outcome = 'waiting' AND at <= ? AND ${onClockSql('account_id', scope)} AND ${NOT_DELETING}
         GROUP BY profile_id, platforms) ORDER BY seq LIMIT ?`,
      )
      .raw(true)
      .all(now.toISOString(), limit, ...onClockParams(scope)) as DueRow[];
    return rows.map(duePostFromRow);
  }

  /** Marks a waiting post `sending`; false when it is no longer waiting (cancelled meanwhile). */
  markSending(id: string, now: Date): boolean {
    const at = now.toISOString();
    return this.#markSending.run(at, at, id).changes > 0;
  }

  /**
   * A waiting post read by `dueBatch`, sent and settled inside that same transaction (found by its
   * row): its outcome, with `sending_started_at` as `markSending` would have set it, in one write
   * instead of marking it `sending` first, since no one can see the state between. `errorMessage`
   * null keeps the stored one. `goneOut`: a network post now names it (its insert left the mark to
   * this write, `PostRecordsRepository.insertingForSettle`). False when it was not waiting.
   */
  settleDue(
    post: DueScheduledPost,
    outcome: StoredScheduledOutcome,
    sentAt: Date,
    now: Date,
    errorMessage: string | null = null,
    goneOut = false,
  ): boolean {
    const at = sentAt.toISOString();
    return (
      this.#settleDue.run(outcome, at, now.toISOString(), errorMessage, goneOut ? 1 : 0, post.row, post.id)
        .changes > 0
    );
  }

  /** Posts a crash left `sending` (start-up recovery). */
  listSending(): StoredScheduledPost[] {
    return (
      this.db.prepare("SELECT * FROM scheduled_posts WHERE outcome = 'sending'").all() as ScheduledRow[]
    ).map(scheduledPostFromRow);
  }

  /** Same time next UTC day, with the reason in `note` (daily allowance used at send time). */
  moveTo(id: string, at: Date, note: string, now: Date): void {
    this.db
      .prepare(
        "UPDATE scheduled_posts SET at = ?, note = ?, updated_at = ?, outcome = 'waiting', sending_started_at = NULL WHERE id = ?",
      )
      .run(at.toISOString(), note, now.toISOString(), id);
  }

  setOutcome(id: string, outcome: StoredScheduledOutcome, now: Date, errorMessage?: string | null): void {
    if (errorMessage === undefined) {
      this.db
        .prepare('UPDATE scheduled_posts SET outcome = ?, updated_at = ? WHERE id = ?')
        .run(outcome, now.toISOString(), id);
      return;
    }
    this.db
      .prepare('UPDATE scheduled_posts SET outcome = ?, updated_at = ?, error_message = ? WHERE id = ?')
      .run(outcome, now.toISOString(), errorMessage, id);
  }

  /** A network refused before anything was sent to it (result `not_sent` with the reason). */
  recordNotSent(id: string, platform: Platform, reason: string): void {
    this.db
      .prepare('UPDATE scheduled_posts SET not_sent = json_set(not_sent, ?, ?) WHERE id = ?')
      .run(`$.${platform}`, reason, id);
  }

  /**
   * A waiting post's new time and kept request, guarded like `markSending`: SQLite runs the two one
   * after the other, so either the change lands before the scheduler's claim or it changes nothing.
   */
  replaceWaiting(
    accountId: string,
    id: string,
    at: Date,
    request: Record<string, unknown>,
    mediaType: string | null,
    now: Date,
  ): boolean {
    const when = at.toISOString();
    return (
      this.db
        .prepare(
          `UPDATE scheduled_posts SET at = ?, scheduled_for = ?, request = ?, media_type = ?, note = NULL, updated_at = ?
           WHERE id = ? AND account_id = ? AND outcome = 'waiting'`,
        )
        .run(when, when, JSON.stringify(request), mediaType, now.toISOString(), id, accountId).changes > 0
    );
  }

  /** Cancels a waiting post; false when it was not waiting (the caller reads why). */
  cancel(id: string, now: Date): boolean {
    return (
      this.db
        .prepare(
          "UPDATE scheduled_posts SET outcome = 'cancelled', updated_at = ? WHERE id = ? AND outcome = 'waiting'",
        )
        .run(now.toISOString(), id).changes > 0
    );
  }
}
