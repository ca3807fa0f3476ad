import type { Database } from './database.js';

/**
 * Enough for every account of a busy local server; the oldest entry goes first beyond it. Counted
 * in rows, not entries: a list value (the profiles of an account) weighs its length, so a cache of
 * lists cannot hold a hundred times what a cache of single rows holds (issue 13, memory).
 */
export const ROW_CACHE_CAPACITY = 10_000;
const weightOf = (value: unknown) => (Array.isArray(value) ? Math.max(1, value.length) : 1);

/**
 * Rows the request path reads on every call (the caller's key and account, the profiles and
 * connections of GET /accounts), kept in memory so a read costs no query. Only for tables written
 * solely through one repository, which drops the entries a write touches. Nothing read inside a
 * transaction is kept: the transaction may still roll back what it read.
 */
export class RowCache<V> {
  readonly #rows = new Map<string, V>();
  #weight = 0;

  constructor(
    private readonly db: Database,
    private readonly capacity = ROW_CACHE_CAPACITY,
  ) {}

  /** Rows kept (a list counts its length); never above the capacity. */
  get weight(): number {
    return this.#weight;
  }

  /** The cached value, or `load()` (kept when found and no transaction is open). */
  read(key: string, load: () => V | undefined): V | undefined {
    const cached = this.#rows.get(key);
    if (cached !== undefined) return cached;
    const loaded = load();
    const weight = weightOf(loaded);
    if (!this.db.inTransaction && loaded !== undefined && weight <= this.capacity) {
      while (this.#rows.size > 0 && this.#weight + weight > this.capacity) {
        const oldest = this.#rows.keys().next().value;
        if (oldest === undefined) break;
        this.forget(oldest);
      }
      this.#rows.set(key, loaded);
      this.#weight += weight;
    }
    return loaded;
  }

  forget(key: string): void {
    if (!this.#rows.has(key)) return;
    this.#weight -= weightOf(this.#rows.get(key));
    this.#rows.delete(key);
  }

  clear(): void {
    this.#rows.clear();
    this.#weight = 0;
  }
}
