import type { Database } from './database.js';

/** Enough for every account of a busy local server; the oldest entry goes first beyond it. */
const DEFAULT_CAPACITY = 10_000;

/**
 * Rows the request path reads on every call (the caller's key and account, the profiles and
 * connections of GET /accounts), kept in memory so a read costs no query. Only for tables written
 * solely through one repository, which drops the entries a write touches. Nothing read inside a
 * transaction is kept: the transaction may still roll back what it read.
 */
export class RowCache<V> {
  readonly #rows = new Map<string, V>();

  constructor(
    private readonly db: Database,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  /** The cached value, or `load()` (kept when found and no transaction is open). */
  read(key: string, load: () => V | undefined): V | undefined {
    const cached = this.#rows.get(key);
    if (cached !== undefined) return cached;
    const loaded = load();
    if (!this.db.inTransaction && loaded !== undefined) {
      if (this.#rows.size >= this.capacity) {
        const oldest = this.#rows.keys().next().value;
        if (oldest !== undefined) this.#rows.delete(oldest);
      }
      this.#rows.set(key, loaded);
    }
    return loaded;
  }

  forget(key: string): void {
    this.#rows.delete(key);
  }

  clear(): void {
    this.#rows.clear();
  }
}
