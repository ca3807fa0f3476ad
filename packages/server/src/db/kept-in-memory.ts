import type { Database } from './database.js';

/**
 * What the server may keep in memory about one account, read from its rows before they are
 * deleted: the keys its caches are found by (an account's keys by digest, its profiles by id, its
 * apps' grants and tokens).
 */
export interface AccountFootprint {
  accountId: string;
  keyIds: readonly string[];
  keyHashes: readonly string[];
  profileIds: readonly string[];
  grantIds: readonly string[];
  tokenHashes: readonly string[];
}

/** A cache or counter that keeps entries per account (or per test clock) in memory. */
export interface KeptPerAccount {
  /** Drops every entry about the account (it is being deleted; its rows are gone). */
  forgetAccount(account: AccountFootprint): void;
  /** Drops every entry about a deleted test clock. */
  forgetClock?(clockId: string): void;
  /** Entries kept now, by name: the inspection hook the memory tests read. */
  keptSizes(): Record<string, number>;
}

/** The ids an account's caches are keyed by, read in one go before its rows are deleted. */
export function accountFootprint(db: Database, accountId: string): AccountFootprint {
  // Statements are shared (database.ts): rows are read as objects, never plucked.
  const column = (sql: string) => (db.prepare(sql).all(accountId) as { v: string }[]).map((row) => row.v);
  const keys = db.prepare('SELECT id, key_hash FROM api_keys WHERE account_id = ?').all(accountId) as {
    id: string;
    key_hash: string;
  }[];
  return {
    accountId,
    keyIds: keys.map((key) => key.id),
    keyHashes: keys.map((key) => key.key_hash),
    profileIds: column('SELECT id AS v FROM profiles WHERE account_id = ?'),
    grantIds: column('SELECT id AS v FROM oauth_grants WHERE account_id = ?'),
    tokenHashes: column(
      'SELECT token_hash AS v FROM oauth_tokens WHERE grant_id IN (SELECT id FROM oauth_grants WHERE account_id = ?)',
    ),
  };
}

/**
 * Everything kept in memory per account, behind one path: a deleted account (and a deleted test
 * clock) is forgotten by every holder at once, and a test reads every holder's size here.
 */
export class KeptInMemory {
  readonly #holders: KeptPerAccount[] = [];

  add(holder: KeptPerAccount): void {
    this.#holders.push(holder);
  }

  forgetAccount(account: AccountFootprint): void {
    for (const holder of this.#holders) holder.forgetAccount(account);
  }

  forgetClock(clockId: string): void {
    for (const holder of this.#holders) holder.forgetClock?.(clockId);
  }

  sizes(): Record<string, number> {
    return Object.assign({}, ...this.#holders.map((holder) => holder.keptSizes()));
  }
}
