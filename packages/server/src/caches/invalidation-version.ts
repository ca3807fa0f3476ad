import type { TransactionState } from './lru-cache.js';

/**
 * The version no cached entry carries: what `versionToKeep` gives inside a transaction, which may
 * still roll back what it read. Versions start at 0.
 */
export const NO_VERSION = -1;

/**
 * A table's invalidation version: every write through its repository moves it. A cache built from
 * the table (a caller's facts, a kept GET /accounts answer) keeps the version it read at and is
 * stale once the version moved, so a write is seen by the very next read.
 */
export class InvalidationVersion {
  #value = 0;

  constructor(private readonly db: TransactionState) {}

  get current(): number {
    return this.#value;
  }

  /** The version an entry read now carries: `NO_VERSION` inside a transaction. */
  get toKeep(): number {
    return this.db.inTransaction ? NO_VERSION : this.#value;
  }

  /** A write: every entry read before it is stale. */
  invalidate(): void {
    this.#value += 1;
  }
}
