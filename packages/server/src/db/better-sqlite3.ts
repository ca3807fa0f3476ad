import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * better-sqlite3's Database class, required rather than imported: an ES import of a CommonJS
 * package makes Node scan its sources for named exports first (cjs-module-lexer, once per file it
 * re-exports), work every start paid before opening the database.
 */
const Sqlite = require('better-sqlite3') as typeof BetterSqlite3;

/**
 * Where an install puts the native addon. Named to better-sqlite3, it skips the `bindings` package's
 * search (a dozen candidate paths and a stack trace to find its own folder); when the addon is
 * elsewhere (a debug build), better-sqlite3 searches as before.
 */
const NATIVE_BINDING: string | null = (() => {
  try {
    return require.resolve('better-sqlite3/build/Release/better_sqlite3.node');
  } catch {
    return null;
  }
})();

/** Opens a SQLite database file (or `:memory:`). */
export function openSqlite(file: string, options: BetterSqlite3.Options = {}): BetterSqlite3.Database {
  return new Sqlite(file, NATIVE_BINDING === null ? options : { nativeBinding: NATIVE_BINDING, ...options });
}
