import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3's Database class, required rather than imported: an ES import of a CommonJS
 * package makes Node scan its sources for named exports first (cjs-module-lexer, once per file it
 * re-exports), work every start paid before opening the database.
 */
export const SqliteDatabase = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
