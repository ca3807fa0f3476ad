import { LruOrder } from './lru-order.js';
import { mayEvict, SIZED_FOR_ACCOUNTS, type WorkingSetPolicy } from './lru-working-set.js';

/** The database's side of a cache: whether a transaction is open (what it reads may roll back). */
export interface TransactionState {
  readonly inTransaction: boolean;
}

/**
 * One row per account for every account a server is sized for (the caller's key, the account, its
 * connections); beyond it the least recently used entry goes first, unless a working-set policy
 * keeps it. Counted in rows, not entries: a list value (the
 * profiles of an account) weighs its length, so a cache of lists cannot hold a hundred times what
 * a cache of single rows holds.
 */
export const LRU_CACHE_CAPACITY = SIZED_FOR_ACCOUNTS;
const weightOf = (value: unknown) => (Array.isArray(value) ? Math.max(1, value.length) : 1);

interface Kept<V> {
  value: V;
  weight: number;
  usedAt: number;
  /** Used since it was put at the end of the order: moved there when eviction reaches it. */
  used: boolean;
}

/**
 * Rows the request path reads on every call (the caller's key and account, the profiles and
 * connections of GET /accounts), kept in memory so a read costs no query. Only for tables written
 * solely through one repository, which drops the entries a write touches. Nothing read inside a
 * transaction is kept: the transaction may still roll back what it read. The least recently used
 * entry goes first (an entry used since it got its place in the order is moved to the end when
 * eviction reaches it); with a working-set policy (lru-working-set.ts) what is in use stays past the
 * capacity, up to its ceiling.
 */
export class LruCache<V> {
  /** In order of last use, the least recent first. */
  readonly #rows = new Map<string, Kept<V>>();
  readonly #order = new LruOrder(this.#rows);
  #weight = 0;

  constructor(
    private readonly db: TransactionState,
    private readonly capacity = LRU_CACHE_CAPACITY,
    private readonly workingSet: WorkingSetPolicy | null = null,
  ) {}

  /** Rows kept (a list counts its length). */
  get weight(): number {
    return this.#weight;
  }

  /** Entries kept. */
  get size(): number {
    return this.#rows.size;
  }

  /**
   * The cached value, marked as used, or undefined when none is kept. Loads nothing, so a caller
   * whose `load` needs the key makes no closure for a hit.
   */
  hit(key: string): V | undefined {
    const cached = this.#rows.get(key);
    if (cached === undefined) return undefined;
    // A hit is only marked: moving it to the end on every hit costs each read more than the lookup.
    cached.used = true;
    if (this.workingSet !== null) cached.usedAt = this.workingSet.nowMs();
    return cached.value;
  }

  /** The cached value, or `load()` (kept when found and no transaction is open). */
  read(key: string, load: () => V | undefined): V | undefined {
    const cached = this.hit(key);
    if (cached !== undefined) return cached;
    const loaded = load();
    const weight = weightOf(loaded);
    if (!this.db.inTransaction && loaded !== undefined && weight <= this.capacity) {
      while (this.#weight + weight > this.capacity) {
        const oldest = this.#order.next();
        if (oldest === undefined) break;
        const kept = this.#rows.get(oldest) as Kept<V>;
        if (!mayEvict(this.workingSet, kept.usedAt, this.#weight + weight, this.capacity)) break;
        this.invalidate(oldest);
      }
      this.#rows.set(key, { value: loaded, weight, usedAt: this.workingSet?.nowMs() ?? 0, used: false });
      this.#weight += weight;
    }
    return loaded;
  }

  /** A write changed the row behind `key`: the next read loads it again. */
  invalidate(key: string): void {
    const kept = this.#rows.get(key);
    if (kept === undefined) return;
    this.#weight -= kept.weight;
    this.#rows.delete(key);
  }

  clear(): void {
    this.#rows.clear();
    this.#order.reset();
    this.#weight = 0;
  }
}
