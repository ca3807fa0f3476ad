/**
 * A repository's stamp that no kept fact carries (db/caller-facts.ts): what a repository's `stamp`
 * gives inside a transaction, which may still roll back what it read. Versions start at 0.
 */
export const NO_STAMP = -1;
