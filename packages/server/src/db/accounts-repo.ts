import type { Plan } from '@socialpub/core';
import { InvalidationVersion } from '../caches/invalidation-version.js';
import { LRU_CACHE_CAPACITY, LruCache } from '../caches/lru-cache.js';
import { WORKING_SET } from '../caches/lru-working-set.js';
import type { Database } from './database.js';

export interface AccountRecord {
  id: string;
  plan: Plan;
  xAddon: boolean;
  email: string | null;
  passwordHash: string | null;
  createdAt: string;
  shareLinks: boolean;
  uploadsEnabled: boolean;
  /** The test clock the account lives on (fixed at creation), or null for the server's clock. */
  clockId: string | null;
  /** Set while the account is being deleted (a crash leaves it for the start-up pass to finish). */
  deletingSince: string | null;
  /** The dashboard's time zone (IANA name), or null to follow the person's browser. */
  timeZone: string | null;
}

interface AccountRow {
  id: string;
  plan: Plan;
  x_addon: number;
  email: string | null;
  password_hash: string | null;
  created_at: string;
  share_links: number;
  uploads_enabled: number;
  clock_id: string | null;
  deleting_since: string | null;
  time_zone?: string | null;
}

function fromRow(row: AccountRow): AccountRecord {
  return {
    id: row.id,
    plan: row.plan,
    xAddon: row.x_addon === 1,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    shareLinks: row.share_links === 1,
    uploadsEnabled: row.uploads_enabled === 1,
    clockId: row.clock_id,
    deletingSince: row.deleting_since,
    timeZone: row.time_zone ?? null,
  };
}

function toRow(account: AccountRecord): AccountRow {
  return {
    id: account.id,
    plan: account.plan,
    x_addon: account.xAddon ? 1 : 0,
    email: account.email,
    password_hash: account.passwordHash,
    created_at: account.createdAt,
    share_links: account.shareLinks ? 1 : 0,
    uploads_enabled: account.uploadsEnabled ? 1 : 0,
    clock_id: account.clockId,
    deleting_since: account.deletingSince,
    time_zone: account.timeZone,
  };
}

export class AccountsRepository {
  /**
   * Every authenticated request reads its account, several times (the key check, the account's
   * clock, the limits): the record itself is kept, frozen, so a read builds no object. All writes go
   * through `insert`, `update`, `markDeleting` and `delete`.
   */
  readonly #byId: LruCache<Readonly<AccountRecord>>;
  readonly #version: InvalidationVersion;

  constructor(private readonly db: Database) {
    this.#version = new InvalidationVersion(db);
    this.#byId = new LruCache(db, LRU_CACHE_CAPACITY, WORKING_SET);
  }

  /** Changes with every write to an existing account (what a cache built on its records checks). */
  get version(): number {
    return this.#version.current;
  }

  insert(account: AccountRecord): void {
    this.db
      .prepare(
        `INSERT INTO accounts (id, plan, x_addon, email, password_hash, created_at, share_links, uploads_enabled,
         clock_id, deleting_since, time_zone)
         VALUES (@id, @plan, @x_addon, @email, @password_hash, @created_at, @share_links, @uploads_enabled,
         @clock_id, @deleting_since, @time_zone)`,
      )
      .run(toRow(account));
  }

  update(account: AccountRecord): void {
    this.#byId.invalidate(account.id);
    this.#version.invalidate();
    this.db
      .prepare(
        `UPDATE accounts SET plan = @plan, x_addon = @x_addon, email = @email, password_hash = @password_hash,
         created_at = @created_at, share_links = @share_links, uploads_enabled = @uploads_enabled WHERE id = @id`,
      )
      .run(toRow(account));
  }

  /** The dashboard's time zone setting (null: the browser's). */
  setTimeZone(id: string, timeZone: string | null): void {
    this.#byId.invalidate(id);
    this.#version.invalidate();
    this.db.prepare('UPDATE accounts SET time_zone = ? WHERE id = ?').run(timeZone, id);
  }

  /**
   * Moves the account onto a test clock (or back onto the server's, null). Only the clocks domain
   * calls this (clocks/own-test-clock.ts): its rules say when a move keeps every time going forward.
   */
  setClock(id: string, clockId: string | null): void {
    this.#byId.invalidate(id);
    this.#version.invalidate();
    this.db.prepare('UPDATE accounts SET clock_id = ? WHERE id = ?').run(clockId, id);
  }

  get(id: string): Readonly<AccountRecord> | null {
    const record = this.#byId.read(id, () => {
      const row = this.db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
      return row ? Object.freeze(fromRow(row)) : undefined;
    });
    return record ?? null;
  }

  /** Marks the account as being deleted (committed before anything of it is removed). */
  markDeleting(id: string, at: string): void {
    this.#byId.invalidate(id);
    this.#version.invalidate();
    this.db
      .prepare('UPDATE accounts SET deleting_since = ? WHERE id = ? AND deleting_since IS NULL')
      .run(at, id);
  }

  /** Marks every account on a test clock as being deleted, in one statement (a clock's deletion). */
  markDeletingOnClock(clockId: string, ids: readonly string[], at: string): void {
    for (const id of ids) this.#byId.invalidate(id);
    this.#version.invalidate();
    this.db
      .prepare('UPDATE accounts SET deleting_since = ? WHERE clock_id = ? AND deleting_since IS NULL')
      .run(at, clockId);
  }

  /** Accounts kept in memory (the inspection hook of caches/per-account-caches.ts). */
  get keptCount(): number {
    return this.#byId.size;
  }

  /** Removes the row; every table that references the account goes with it (ON DELETE CASCADE). */
  delete(id: string): void {
    this.#byId.invalidate(id);
    this.#version.invalidate();
    this.db.prepare('DELETE FROM accounts WHERE id = ?').run(id);
  }

  /** Accounts a crash left half-deleted (start-up finishes them). */
  listDeleting(): string[] {
    return (
      this.db.prepare('SELECT id FROM accounts WHERE deleting_since IS NOT NULL').all() as { id: string }[]
    ).map((row) => row.id);
  }

  /** Accounts on a test clock, oldest first. */
  listOnClock(clockId: string): AccountRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM accounts WHERE clock_id = ? ORDER BY created_at, id')
        .all(clockId) as AccountRow[]
    ).map(fromRow);
  }

  /** The ids of the accounts on a test clock (a clock's deletion reads only these). */
  idsOnClock(clockId: string): string[] {
    return this.db
      .prepare('SELECT id FROM accounts WHERE clock_id = ? ORDER BY created_at, id')
      .pluck()
      .all(clockId) as string[];
  }

  findByEmail(email: string): AccountRecord | null {
    const row = this.db.prepare('SELECT * FROM accounts WHERE email = ? COLLATE NOCASE').get(email) as
      | AccountRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n;
  }
}
