/**
 * How the request path's caches are sized: by what is in use, not by a fixed count. Beyond its
 * ordinary bound a cache still keeps what was used within `inUseMs` (the accounts a busy minute
 * reads rotate through all of them, and a cache smaller than that rotation misses on every
 * lookup), up to `ceilingFactor` times the bound, which caps the memory. The least recently used
 * entries go first.
 */
export interface WorkingSetPolicy {
  inUseMs: number;
  ceilingFactor: number;
  /** Milliseconds of the system clock (cache upkeep, not a rule: not the account's clock). */
  nowMs: () => number;
}

/**
 * The accounts a server is sized for. A cache holding one entry per account is bounded by it, not
 * by the working set's minute alone: accounts each visited once every few minutes (a rotation
 * slower than `inUseMs`) must still find their rows, or every visit loads them anew.
 */
export const SIZED_FOR_ACCOUNTS = 20_000;

export const WORKING_SET: WorkingSetPolicy = {
  inUseMs: 60_000,
  // Four times an account-sized bound: the same ceiling as before the bound was derived from accounts.
  ceilingFactor: 4,
  // Read on every cache hit; the cheapest clock. A step of the system clock only keeps entries a
  // little longer or shorter, within the ceiling.
  nowMs: Date.now,
};

/** Whether an entry last used at `usedAt` may go while the cache holds `size` of `bound`. */
export function mayEvict(
  policy: WorkingSetPolicy | null,
  usedAt: number,
  size: number,
  bound: number,
): boolean {
  if (policy === null || size > bound * policy.ceilingFactor) return true;
  return policy.nowMs() - usedAt >= policy.inUseMs;
}
