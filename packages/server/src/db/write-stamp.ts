import type { Database } from './database.js';

/**
 * A repository's stamp that no kept fact carries (db/caller-facts.ts): what a repository's `stamp`
 * gives inside a transaction, which may still roll back what it read. Versions start at 0.
 */
export const NO_STAMP = -1;

/** The stamp a fact read now carries: the repository's write version, or `NO_STAMP` inside a transaction. */
export function stampOf(db: Database, version: number): number {
  return db.inTransaction ? NO_STAMP : version;
}
