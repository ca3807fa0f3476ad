import { HISTORY_WINDOW_SECONDS, type Platform, type PostStatus } from '@socialpub/core';
import type BetterSqlite3 from 'better-sqlite3';
import type { AnswersSlot } from '../caches/caller-facts-cache.js';
import { POST_COUNTS_WORKING_SET, PostCountCache } from '../caches/post-count-cache.js';
import { type ClockScope, onClockParams, onClockSql, SERVER_CLOCK_SCOPE } from '../clocks/clock-scope.js';
import type { Database } from './database.js';
import { deliveryValues } from './deliveries-repo.js';
import { keepsTextsForever, NetworkTexts } from './network-texts.js';
import { type PendingPostRecord, PendingPostRecords } from './pending-post-records.js';
import { countSql, countWindow, otherFieldsKey, rowTest } from './post-count-query.js';
import {
  iso,
  isoOrNull,
  jsonOrNull,
  PATCH_COLUMNS,
  type PostCountQuery,
  type PostRecordPatch,
  type PostRecordRow,
  postRecordFromRow,
  type StoredPostRecord,
} from './post-record-rows.js';

export type { PostCountQuery, PostRecordPatch, StoredPostRecord };

/** Every column but the delivery's, which only the inbox reads (`deliveries-repo.ts`). */
const RECORD_COLUMNS = `id, account_id, profile_id, platform, status, media_type, publish_id, permalink,
  error_message, at, updated_at, scheduled_post_id, notices, has_links, network_result, username, finish_at,
  published_at, simulated_figures, figures, next_figures_at`;

export class PostRecordsRepository {
  /** Deliveries (what a network accepted) recorded by this process: the metrics read it. */
  deliveriesRecorded = 0;
  readonly #insert;
  /** Inserts with a delivery and/or a text digest, by `#insertWith`'s index, prepared at first use. */
  readonly #inserts: Array<BetterSqlite3.Statement<unknown[]> | undefined> = [];
  readonly #get;
  readonly #markGoneOut;
  /** One transaction function each, made once: better-sqlite3 builds a new wrapper per `transaction` call. */
  readonly #insertNamingScheduled;
  readonly #insertGroup;

  /**
   * Answers of the limit queries (counts, latest send), kept while they stay the table's current
   * answer: the table is written only through `insert` and `update` here.
   */
  readonly #countCache = new PostCountCache<PostCountQuery, StoredPostRecord>({
    otherKey: otherFieldsKey,
    workingSet: POST_COUNTS_WORKING_SET,
  });
  /** Inside `transaction`: a rollback invalidates the cached counts, so inserts may update them. */
  #ownTransaction = false;
  /** Publishes recorded in this turn of the event loop, committed together at its end. */
  readonly #pending = new PendingPostRecords((rows) => this.#commitGroup(rows));
  /** Set by `insertingForSettle`: the caller's settling write marks the scheduled post gone out. */
  #goneOutBySettle = false;
  /** The row inserted last inside the open transaction, whose status the scheduler asks next. */
  #lastInserted: { id: string; status: PostStatus } | undefined;
  /** What the simulated networks remember of the posts they accepted (duplicates, posts per period). */
  readonly networkTexts: NetworkTexts;
  /** A lone insert that writes a remembered text beside its row: both or neither. */
  readonly #insertAlone;
  /** Whose a post record is, read when its status changes (the kept answers of that account go). */
  readonly #owner;

  /** A transaction may still roll back what it read or wrote. */
  #mayKeep(): boolean {
    return !this.db.inTransaction || this.#ownTransaction;
  }

  /**
   * Runs `work` in one transaction; cached counts follow its inserts, and are invalidated if it rolls
   * back. Inside another transaction it simply joins it (inserts then invalidate the cached counts).
   */
  transaction<T>(work: () => T): T {
    if (this.db.inTransaction) return work();
    this.#ownTransaction = true;
    this.#lastInserted = undefined;
    try {
      return this.db.transaction(work)();
    } catch (error) {
      this.#countCache.invalidate();
      this.networkTexts.invalidate();
      throw error;
    } finally {
      this.#ownTransaction = false;
    }
  }

  constructor(private readonly db: Database) {
    this.#insert = db.prepare(
      `INSERT INTO post_records (${RECORD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#get = db.prepare(`SELECT ${RECORD_COLUMNS} FROM post_records WHERE id = ?`);
    this.#markGoneOut = db.prepare('UPDATE scheduled_posts SET gone_out = 1 WHERE id = ? AND gone_out = 0');
    this.#insertNamingScheduled = db.transaction(
      (post: StoredPostRecord, at: string, scheduledPostId: string) => {
        this.#insertRow(post, at);
        this.#markGoneOut.run(scheduledPostId);
      },
    );
    this.#insertGroup = db.transaction((rows: PendingPostRecord[]) => {
      for (const row of rows) this.#insertRow(row.post, row.at);
    });
    this.#insertAlone = db.transaction((post: StoredPostRecord, at: string) => this.#insertRow(post, at));
    this.#owner = db.prepare('SELECT account_id, profile_id FROM post_records WHERE id = ?');
    this.networkTexts = new NetworkTexts(db, {
      mayKeep: () => this.#mayKeep(),
      keptLatestSend: (accountId, platform, sinceMs) =>
        this.#countCache.lastAtMs(accountId, platform, sinceMs),
      waitingRowsOf: (profileId, platform) =>
        this.#pending.size > 0 ? this.#pending.rowsOf(profileId, platform) : [],
    });
  }

  /**
   * Records a post. A post that is `success` at once starts its figure collection at its send time
   * unless the caller says otherwise (Post record, Figures).
   */
  insert(post: StoredPostRecord): void {
    const { scheduledPostId } = post;
    const at = iso(post.at);
    if (scheduledPostId === null || this.db.inTransaction) {
      // A text kept for good is a second write: alone, it joins the row in one transaction.
      if (this.db.inTransaction || post.textDigest === undefined || !keepsTextsForever(post.platform))
        this.#insertRow(post, at);
      else this.#insertAlone(post, at);
      if (scheduledPostId !== null && !this.#goneOutBySettle) this.#markGoneOut.run(scheduledPostId);
      this.#lastInserted = this.db.inTransaction ? { id: post.id, status: post.status } : undefined;
    } else {
      this.#insertNamingScheduled(post, at, scheduledPostId);
    }
    if (this.#mayKeep()) {
      this.#countCache.noteInserted(post, at);
      this.networkTexts.noteInserted(post, at);
    } else {
      this.#countCache.invalidate();
      this.networkTexts.invalidate();
    }
  }

  /**
   * Runs `work` (inside the caller's transaction) with the inserts naming a scheduled post leaving
   * its `gone_out` to the caller, whose one write settling the scheduled post sets it too
   * (`ScheduledPostsRepository.settleDue`): the row is then written once per send instead of twice.
   */
  insertingForSettle<T>(work: () => T): T {
    if (!this.db.inTransaction) throw new Error('insertingForSettle runs inside the settling transaction');
    this.#goneOutBySettle = true;
    try {
      return work();
    } finally {
      this.#goneOutBySettle = false;
    }
  }

  /**
   * Records a publish's post together with the others recorded in this turn of the event loop: one
   * commit at the turn's end instead of one each. Resolves once the row is committed (the publish is
   * answered only then); the limits count it at once, as they count an insert.
   */
  insertCommitted(post: StoredPostRecord): Promise<void> {
    // A scheduled post's network post keeps its own insert (it changes the scheduled post too).
    if (this.db.inTransaction || post.scheduledPostId !== null) {
      this.insert(post);
      return Promise.resolve();
    }
    const at = iso(post.at);
    this.#countCache.noteInserted(post, at);
    this.networkTexts.noteInserted(post, at);
    return this.#pending.add(post, at);
  }

  /** Commits the publishes still waiting for their turn's end (closing the database). */
  flushPending(): void {
    this.#pending.flush();
  }

  #commitGroup(rows: PendingPostRecord[]): void {
    try {
      this.#insertGroup(rows);
    } catch {
      // One refused row (its account deleted meanwhile) must not take the others with it: each
      // alone then. The cached counts counted every row: invalidated.
      this.#countCache.invalidate();
      this.networkTexts.invalidate();
      for (const row of rows) {
        try {
          this.#insertAlone(row.post, row.at);
        } catch (error) {
          row.failed(error);
          continue;
        }
        row.committed();
      }
      return;
    }
    for (const row of rows) row.committed();
  }

  /**
   * The row alone; `insert` and the group commit keep the limit answers. Once a network post names a
   * scheduled post, the list shows that post instead: `insert` sets `scheduled_posts.gone_out` in the
   * same transaction (migration 013); a publish's group never names one. A post a network accepted
   * carries its delivery (what the network received) in the same row (migration 018). The network's
   * result is kept only for a post that finishes later: finishing it is its only reader. A text
   * LinkedIn remembers for good goes to its own table instead of the row (`NetworkTexts`).
   */
  #insertRow(post: StoredPostRecord, at: string): void {
    const publishedAt = post.publishedAt ?? (post.status === 'success' ? post.at : null);
    const nextFiguresAt = post.nextFiguresAt ?? (post.status === 'success' ? publishedAt : null);
    const finishAt = isoOrNull(post.finishAt);
    const values: unknown[] = [
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
      post.updatedAt === post.at ? at : iso(post.updatedAt),
      post.scheduledPostId,
      post.notices.length === 0 ? '[]' : JSON.stringify(post.notices),
      post.hasLinks ? 1 : 0,
      finishAt === null ? null : jsonOrNull(post.networkResult),
      post.username ?? null,
      finishAt,
      publishedAt === post.at ? at : isoOrNull(publishedAt),
      jsonOrNull(post.simulatedFigures),
      post.figuresText ?? jsonOrNull(post.figures),
      isoOrNull(nextFiguresAt),
    ];
    const forever = post.textDigest !== undefined && keepsTextsForever(post.platform);
    const digest = post.textDigest === undefined || forever ? [] : [post.textDigest];
    // Bound as arguments: better-sqlite3 binds an array's values more slowly than the same values passed.
    if (!post.delivery && digest.length === 0) {
      this.#insert.run(...values);
    } else {
      // A kept delivery (the network inbox) and a text digest (the duplicate rules) are columns of
      // the same row: one statement each combination, prepared at its first use.
      const delivery = post.delivery ? deliveryValues(post.delivery) : [];
      this.#insertWith(delivery.length > 0, digest.length > 0).run(...values, ...digest, ...delivery);
      if (delivery.length > 0) this.deliveriesRecorded += 1;
    }
    if (forever) this.networkTexts.keepForever(post, at);
  }

  #insertWith(delivered: boolean, digest: boolean): BetterSqlite3.Statement<unknown[]> {
    const index = (delivered ? 2 : 0) + (digest ? 1 : 0);
    let statement = this.#inserts[index];
    if (statement === undefined) {
      const columns = [
        ...(digest ? ['text_digest'] : []),
        ...(delivered ? ['delivery_text', 'delivery_media', 'delivery_options', 'delivery_post_type'] : []),
      ];
      const marks = Array.from({ length: 21 + columns.length }, () => '?').join(', ');
      statement = this.db.prepare(
        `INSERT INTO post_records (${RECORD_COLUMNS}, ${columns.join(', ')}) VALUES (${marks})`,
      );
      this.#inserts[index] = statement;
    }
    return statement;
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
    if (this.#lastInserted?.id === id) this.#lastInserted = undefined;
    // A status changes what the account's counts and its profile's accepted posts hold: only those go.
    if (patch.status !== undefined) this.#invalidateOwner(id);
    this.db.prepare(`UPDATE post_records SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
  }

  #invalidateOwner(id: string): void {
    const owner = this.#owner.get(id) as { account_id: string; profile_id: string } | undefined;
    if (owner === undefined) return;
    this.#countCache.invalidateRow(owner.account_id, owner.profile_id);
    this.networkTexts.invalidateProfiles([owner.profile_id]);
  }

  get(id: string): StoredPostRecord | null {
    const row = this.#get.get(id) as PostRecordRow | undefined;
    return row ? postRecordFromRow(row) : null;
  }

  /** Only the status (the scheduler's outcome after a send): no row to parse. */
  statusOf(id: string): PostStatus | null {
    // The row just inserted in this transaction: nothing has changed it since (`update` forgets it).
    const last = this.#lastInserted;
    if (last !== undefined && last.id === id && this.db.inTransaction) return last.status;
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
      .prepare(`SELECT ${RECORD_COLUMNS} FROM post_records WHERE scheduled_post_id = ? ORDER BY rowid`)
      .all(scheduledPostId) as PostRecordRow[];
    return rows.map(postRecordFromRow);
  }

  /** A deleted account's kept limit answers go with it. */
  invalidateAccount(accountId: string, profileIds: readonly string[]): void {
    this.#countCache.invalidateAccount(accountId, profileIds);
    this.networkTexts.invalidateProfiles(profileIds);
  }

  /** Profiles and networks whose recent accepted posts are kept (the duplicate rules). */
  get keptRecentPosts(): number {
    return this.networkTexts.keptCount;
  }

  get keptAnswers(): { accounts: number; profiles: number; answers: number } {
    return this.#countCache.keptCounts;
  }

  /** The account's kept limit answers found through a caller's slot (`PostCountCache.recall`). */
  recallAnswers(accountId: string, slot: AnswersSlot): void {
    if (this.#mayKeep()) this.#countCache.recall(accountId, slot);
  }

  countPosts(query: PostCountQuery): number {
    // Every POST /posts check asks several counts: the kept answer is found without building the SQL.
    const kept = this.#countCache.count(query);
    if (kept !== undefined) return kept;
    const window = countWindow(query);
    const { sql, values } = countSql(window);
    const row = this.db.prepare(sql).get(...values) as { n: number };
    const n = row.n + (this.#pending.size > 0 ? this.#pending.countMatching(window) : 0);
    if (this.#mayKeep()) this.#countCache.keepCount(query, { n, counts: rowTest(window) });
    return n;
  }

  /**
   * Latest send of the account's posts to the network at or after `since`, or null (the 20-second
   * wait asks about its last 20 seconds, skool about its hour): only the account's posts from a day
   * before then are read, never its whole history, and every network's answer is kept from the one
   * read, so a first post to another network asks nothing again.
   */
  lastPostSince(accountId: string, platform: Platform, since: Date): Date | null {
    let at = this.#countCache.lastAtMs(accountId, platform, since.getTime());
    if (at === undefined) {
      // Read from a day earlier: the networks' history rules then learn from the kept answer that
      // the account sent nothing to a network within their day, without a read of their own.
      const from = new Date(since.getTime() - HISTORY_WINDOW_SECONDS * 1_000).toISOString();
      const rows = this.db
        .prepare(
          'SELECT platform, MAX(at) AS at FROM post_records WHERE account_id = ? AND at >= ? GROUP BY platform',
        )
        .all(accountId, from) as { platform: Platform; at: string }[];
      const latest = new Map(rows.map((row) => [row.platform, row.at]));
      if (this.#pending.size > 0) this.#pending.addLatest(accountId, from, latest);
      if (this.#mayKeep()) this.#countCache.keepLastAt(accountId, from, latest);
      const last = latest.get(platform);
      at = last !== undefined && Date.parse(last) >= since.getTime() ? last : null;
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
