import type { Database } from './database.js';
import { ROW_CACHE_CAPACITY, RowCache } from './row-cache.js';
import { WORKING_SET } from './working-set.js';

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

function fromRow(row: ProfileRow): ProfileRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    handle: row.handle,
    createdAt: row.created_at,
  };
}

export class ProfilesRepository {
  /** GET /accounts lists them on every read; `insert` is the only write (profiles are never removed). */
  readonly #byAccount: RowCache<ProfileRow[]>;
  /** A profile's row never changes once inserted. */
  readonly #byId: RowCache<ProfileRow>;

  #version = 0;

  constructor(private readonly db: Database) {
    this.#byAccount = new RowCache(db, ROW_CACHE_CAPACITY, WORKING_SET);
    this.#byId = new RowCache(db, ROW_CACHE_CAPACITY, WORKING_SET);
  }

  /** Moves on every write, so an answer built from these rows knows when it went stale. */
  get version(): number {
    return this.#version;
  }

  /** Rows went away outside this repository (a deleted account's cascade): nothing cached may outlive them. */
  forgetCached(): void {
    this.#byAccount.clear();
    this.#byId.clear();
    this.#version += 1;
  }

  insert(profile: ProfileRecord): void {
    this.db
      .prepare(
        `INSERT INTO profiles (id, account_id, name, handle, created_at, seq)
         VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM profiles))`,
      )
      .run(profile.id, profile.accountId, profile.name, profile.handle, profile.createdAt);
    this.#byAccount.clear();
    this.#version += 1;
  }

  get(id: string): ProfileRecord | null {
    const row = this.#row(id);
    return row ? fromRow(row) : null;
  }

  /** Another account's profile reads exactly like one that does not exist (Authentication, rule 4). */
  getForAccount(accountId: string, id: string): ProfileRecord | null {
    const row = this.#row(id);
    return row && row.account_id === accountId ? fromRow(row) : null;
  }

  #row(id: string): ProfileRow | undefined {
    return this.#byId.read(
      id,
      () => this.db.prepare('SELECT * FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined,
    );
  }

  /** Oldest first; ties keep the order of creation. */
  listForAccount(accountId: string, limit = 100): ProfileRecord[] {
    const rows =
      this.#byAccount.read(
        `${accountId}\n${limit}`,
        () =>
          this.db
            .prepare('SELECT * FROM profiles WHERE account_id = ? ORDER BY created_at, seq LIMIT ?')
            .all(accountId, limit) as ProfileRow[],
      ) ?? [];
    return rows.map(fromRow);
  }
}
