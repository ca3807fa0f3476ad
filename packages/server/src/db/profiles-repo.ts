import { InvalidationVersion } from '../caches/invalidation-version.js';
import { LRU_CACHE_CAPACITY, LruCache } from '../caches/lru-cache.js';
import { WORKING_SET } from '../caches/lru-working-set.js';
import type { Database } from './database.js';

export interface ProfileRecord {
  id: string;
  accountId: string;
  name: string;
  handle: string;
  createdAt: string;
}

interface ProfileRow {
  id: string;
  account_id: string;
  name: string;
  handle: string;
  created_at: string;
}

/** Frozen: one converted record is shared by every lookup until a write drops it. */
function fromRow(row: ProfileRow): ProfileRecord {
  return Object.freeze({
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    handle: row.handle,
    createdAt: row.created_at,
  });
}

export class ProfilesRepository {
  /**
   * GET /accounts lists them on every read and every POST /posts check looks one up; `insert` is the
   * only write here, and `invalidateAccount` follows the writes elsewhere (an account's deletion). Kept
   * converted and frozen, as the connections are, so a lookup builds nothing.
   */
  readonly #byAccount: LruCache<readonly ProfileRecord[]>;
  /** A profile's row never changes once inserted. */
  readonly #byId: LruCache<ProfileRecord>;

  readonly #version: InvalidationVersion;
  /** The list lengths asked so far (the keys of `#byAccount` are account and length). */
  readonly #limitsAsked = new Set<number>();

  constructor(private readonly db: Database) {
    this.#version = new InvalidationVersion(db);
    this.#byAccount = new LruCache(db, LRU_CACHE_CAPACITY, WORKING_SET);
    this.#byId = new LruCache(db, LRU_CACHE_CAPACITY, WORKING_SET);
  }

  /** Moves on every write, so an answer built from these rows knows when it went stale. */
  get version(): number {
    return this.#version.current;
  }

  /** The version an entry read now carries; never one inside a transaction (caches/caller-facts-cache.ts). */
  get versionToKeep(): number {
    return this.#version.toKeep;
  }

  /** A deleted account's profiles went with its rows (the cascade): their kept records go too. */
  invalidateAccount(accountId: string, profileIds: readonly string[]): void {
    for (const limit of this.#limitsAsked) this.#byAccount.invalidate(`${accountId}\n${limit}`);
    for (const id of profileIds) this.#byId.invalidate(id);
    this.#version.invalidate();
  }

  get keptCounts(): { byAccount: number; byId: number } {
    return { byAccount: this.#byAccount.size, byId: this.#byId.size };
  }

  insert(profile: ProfileRecord): void {
    this.db
      .prepare(
        `INSERT INTO profiles (id, account_id, name, handle, created_at, seq)
         VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM profiles))`,
      )
      .run(profile.id, profile.accountId, profile.name, profile.handle, profile.createdAt);
    this.#byAccount.clear();
    this.#version.invalidate();
  }

  get(id: string): ProfileRecord | null {
    return this.#record(id) ?? null;
  }

  /** Another account's profile reads exactly like one that does not exist (Authentication, rule 4). */
  getForAccount(accountId: string, id: string): ProfileRecord | null {
    const record = this.#record(id);
    return record !== undefined && record.accountId === accountId ? record : null;
  }

  #record(id: string): ProfileRecord | undefined {
    return this.#byId.read(id, () => {
      const row = this.db.prepare('SELECT * FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined;
      return row === undefined ? undefined : fromRow(row);
    });
  }

  /** Oldest first; ties keep the order of creation. */
  listForAccount(accountId: string, limit = 100): ProfileRecord[] {
    this.#limitsAsked.add(limit);
    const records = this.#byAccount.read(`${accountId}\n${limit}`, () =>
      Object.freeze(
        (
          this.db
            .prepare('SELECT * FROM profiles WHERE account_id = ? ORDER BY created_at, seq LIMIT ?')
            .all(accountId, limit) as ProfileRow[]
        ).map(fromRow),
      ),
    );
    // A copy: callers may sort or filter the list they get.
    return records === undefined ? [] : [...records];
  }
}
