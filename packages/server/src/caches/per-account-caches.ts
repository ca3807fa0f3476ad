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
export interface PerAccountCache {
  /** Drops every entry about the account (it is being deleted; its rows are gone). */
  invalidateAccount(account: AccountFootprint): void;
  /** Drops every entry about a deleted test clock. */
  invalidateClock?(clockId: string): void;
  /** Entries kept now, by name: the inspection hook the memory tests read. */
  cacheSizes(): Record<string, number>;
}

/**
 * Everything kept in memory per account, behind one path: a deleted account (and a deleted test
 * clock) is forgotten by every holder at once, and a test reads every holder's size here.
 */
export class PerAccountCaches {
  readonly #holders: PerAccountCache[] = [];

  add(holder: PerAccountCache): void {
    this.#holders.push(holder);
  }

  invalidateAccount(account: AccountFootprint): void {
    for (const holder of this.#holders) holder.invalidateAccount(account);
  }

  invalidateClock(clockId: string): void {
    for (const holder of this.#holders) holder.invalidateClock?.(clockId);
  }

  sizes(): Record<string, number> {
    return Object.assign({}, ...this.#holders.map((holder) => holder.cacheSizes()));
  }
}
