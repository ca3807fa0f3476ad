import { duplicateRuleOf, type Platform } from '@socialpub/core';
import type BetterSqlite3 from 'better-sqlite3';
import { KeptTextsFilter, keptTextOwner } from '../caches/kept-texts-filter.js';
import {
  isAccepted,
  type NetworkText,
  RecentNetworkPostsCache,
  recentKey,
} from '../caches/recent-network-posts-cache.js';
import type { Database } from './database.js';
import type { PendingPostRecord } from './pending-post-records.js';
import type { StoredPostRecord } from './post-record-rows.js';

export type { NetworkText };

/** What the networks' memory reads of the post records it sits beside (`PostRecordsRepository`). */
export interface PostRecordsSource {
  /** A transaction may still roll back: what is read or written inside it is not kept. */
  mayKeep(): boolean;
  /**
   * The account's latest send on the network at or after `sinceMs` (ISO; null: none) when a kept
   * limit answer covers it, else undefined. No read: a miss is answered by reading the memory.
   */
  keptLatestSend(accountId: string, platform: Platform, sinceMs: number): string | null | undefined;
  /** The profile's publishes on the network waiting for their group's commit, oldest first. */
  waitingRowsOf(profileId: string, platform: Platform): readonly PendingPostRecord[];
}

/** A network whose duplicate rule has no window (LinkedIn): its texts are kept in their own table. */
export function keepsTextsForever(platform: Platform): boolean {
  return duplicateRuleOf(platform)?.window?.kind === 'ever';
}

/**
 * What the simulated networks remember of the posts they accepted. The rules with a window (X's
 * and Facebook's duplicates, the posts per period) read the profile's accepted posts of the last
 * day from the post records, whose rows carry the text digest (migration 019), and keep them per
 * profile and network. LinkedIn, which refuses a duplicate however old, asks `sent_text_digests`
 * (migration 028) by its key: no partial index on `post_records` names a network, as SQLite
 * compiles again, on every run, each statement that binds a column such an index compares.
 */
export class NetworkTexts {
  /** Each profile's accepted posts on each network within a day, kept. */
  readonly #recent = new RecentNetworkPostsCache();
  /** The accepted posts of a profile on a network since an instant, oldest first. */
  #since: BetterSqlite3.Statement<unknown[]> | undefined;
  #ever: BetterSqlite3.Statement<unknown[]> | undefined;
  #keep: BetterSqlite3.Statement<unknown[]> | undefined;
  /** Which texts the table may hold, filled from it at the first question (`keptText`). */
  #kept: KeptTextsFilter | undefined;

  constructor(
    private readonly db: Database,
    private readonly source: PostRecordsSource,
  ) {}

  /**
   * Writes the text digest of a post whose network keeps it for good (`keepsTextsForever`), in the
   * caller's transaction with its post record, which then carries no digest of its own.
   */
  keepForever(post: StoredPostRecord, at: string): void {
    if (post.textDigest === undefined) return;
    // Prepared at the first use: a database opened before migration 028 has no such table.
    this.#keep ??= this.db.prepare(
      `INSERT INTO sent_text_digests (account_id, profile_id, platform, digest, post_id, at, publish_id)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#keep.run(
      post.accountId,
      post.profileId,
      post.platform,
      post.textDigest,
      post.id,
      at,
      post.publishId,
    );
    this.#kept?.add(keptTextOwner(post.accountId, post.profileId, post.platform), post.textDigest);
  }

  /**
   * The profile's posts the network accepted at or after `since` (ISO), oldest first, with their
   * text digests and network ids, the waiting publishes included. Kept per profile and network
   * once read; nothing is read when the account's kept latest send on the network is older.
   * The array is the kept one: read it, never change it.
   */
  acceptedSince(accountId: string, profileId: string, platform: Platform, since: string): NetworkText[] {
    const key = recentKey(profileId, platform);
    const kept = this.#recent.get(key, since);
    if (kept !== undefined) return kept;
    const posts =
      this.source.keptLatestSend(accountId, platform, Date.parse(since)) === null
        ? []
        : this.#readAccepted(accountId, profileId, platform, since);
    if (this.source.mayKeep()) this.#recent.keep(key, since, posts);
    return posts;
  }

  #readAccepted(accountId: string, profileId: string, platform: Platform, since: string): NetworkText[] {
    // Prepared at the first question: a database opened before migration 019 has no text_digest.
    this.#since ??= this.db.prepare(
      `SELECT at, text_digest, publish_id FROM post_records
       WHERE account_id = ? AND at >= ? AND platform = ? AND profile_id = ? AND status IN ('success', 'processing')
       ORDER BY at`,
    );
    const rows = this.#since.all(accountId, since, platform, profileId) as {
      at: string;
      text_digest: Buffer | null;
      publish_id: string | null;
    }[];
    const posts: NetworkText[] = rows.map((row) => ({
      at: row.at,
      digest: row.text_digest,
      networkPostId: row.publish_id,
    }));
    for (const { post, at } of this.source.waitingRowsOf(profileId, platform)) {
      if (isAccepted(post))
        posts.push({ at, digest: post.textDigest ?? null, networkPostId: post.publishId });
    }
    return posts;
  }

  /** A post of the profile on the network with this text digest, however old (`keepsTextsForever`). */
  keptText(accountId: string, profileId: string, platform: Platform, digest: Buffer): NetworkText | null {
    // Known never to have posted to the network (a cached answer): nothing to read.
    if (this.source.keptLatestSend(accountId, platform, 0) === null) return null;
    for (const { post, at } of this.source.waitingRowsOf(profileId, platform)) {
      if (isAccepted(post) && post.textDigest?.equals(digest))
        return { at, digest, networkPostId: post.publishId };
    }
    // Most texts were never sent: the filter says so without a read.
    if (!this.#keptFilter().mayHold(keptTextOwner(accountId, profileId, platform), digest)) return null;
    this.#ever ??= this.db.prepare(
      `SELECT at, publish_id FROM sent_text_digests
       WHERE account_id = ? AND profile_id = ? AND platform = ? AND digest = ? LIMIT 1`,
    );
    const row = this.#ever.get(accountId, profileId, platform, digest) as
      | { at: string; publish_id: string | null }
      | undefined;
    return row === undefined ? null : { at: row.at, digest, networkPostId: row.publish_id };
  }

  #keptFilter(): KeptTextsFilter {
    if (this.#kept !== undefined) return this.#kept;
    const filter = new KeptTextsFilter();
    const rows = this.db
      .prepare('SELECT account_id, profile_id, platform, digest FROM sent_text_digests')
      .raw()
      .iterate() as IterableIterator<[string, string, string, Buffer]>;
    for (const [accountId, profileId, platform, digest] of rows)
      filter.add(keptTextOwner(accountId, profileId, platform), digest);
    this.#kept = filter;
    return filter;
  }

  /** A new post record: the kept posts of its profile and network follow it. */
  noteInserted(post: StoredPostRecord, at: string): void {
    this.#recent.noteInserted(post, at);
  }

  /** Everything kept is stale (a transaction rolled back). */
  invalidate(): void {
    this.#recent.invalidate();
  }

  /** What is kept about these profiles goes (a status changed, an account is being deleted). */
  invalidateProfiles(profileIds: readonly string[]): void {
    this.#recent.invalidateProfiles(profileIds);
  }

  /** Profiles and networks whose recent accepted posts are kept. */
  get keptCount(): number {
    return this.#recent.keptCount;
  }
}
