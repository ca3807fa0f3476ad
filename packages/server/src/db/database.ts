import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { runMigrations } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

export type Database = BetterSqlite3.Database;

export type DatabaseLocation = { file: string } | { memory: true };

/**
 * Opens the one SQLite database of the server and brings its schema up to date.
 *
 * - WAL: readers never wait for the writer, and a crash loses nothing already committed.
 * - synchronous=NORMAL: with WAL a commit is durable against a process crash (the kill -9 the
 *   restart promise of reference-server.md is about); only an OS crash or power loss may drop the
 *   last transactions, which is the usual trade for a local development server. FULL would fsync
 *   on every commit and slow every request.
 * - foreign_keys=ON: SQLite leaves them off by default; rows of a deleted profile must not linger.
 * - busy_timeout: a second process (a test reading the file) must wait, not fail with SQLITE_BUSY.
 */
export function openDatabase(location: DatabaseLocation): Database {
  let db: Database;
  if ('file' in location) {
    mkdirSync(dirname(location.file), { recursive: true });
    db = new BetterSqlite3(location.file);
    db.pragma('journal_mode = WAL');
  } else {
    db = new BetterSqlite3(':memory:');
  }
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  runMigrations(db, MIGRATIONS);
  return db;
}
