import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { openSqlite } from './better-sqlite3.js';
import { runMigrations } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

export type Database = BetterSqlite3.Database;

export type DatabaseLocation = { file: string } | { memory: true };

/**
 * Opens the one SQLite database of the server and brings its schema up to date.
 *
 * - WAL: readers never wait for the writer, and a crash loses nothing already committed.
 * - synchronous=NORMAL: with WAL a commit survives a process crash (reference-server.md's restart
 *   promise); only an OS crash may drop the last transactions. FULL would fsync every commit.
 * - foreign_keys=ON: SQLite leaves them off by default; rows of a deleted profile must not linger.
 * - busy_timeout: a second process (a test reading the file) must wait, not fail with SQLITE_BUSY.
 * - temp_store=MEMORY, a small page cache and a memory map: reads come through the map, so the
 *   cache mostly holds pages a transaction changes, and what it once held stays with the allocator.
 */
export function openDatabase(location: DatabaseLocation): Database {
  let db: Database;
  if ('file' in location) {
    mkdirSync(dirname(location.file), { recursive: true });
    db = openSqlite(location.file);
  } else {
    db = openSqlite(':memory:');
  }
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -4096');
  if ('file' in location) db.pragma('mmap_size = 268435456');
  // Before WAL: switching a new file to WAL writes its header, after which its vacuum mode is fixed
  // until a VACUUM, which the next start would then run over the whole file.
  useIncrementalVacuum(db);
  if ('file' in location) db.pragma('journal_mode = WAL');
  runMigrations(db, MIGRATIONS);
  cacheStatements(db);
  return db;
}

/**
 * A deleted account gives its pages back to the file system (`PRAGMA incremental_vacuum` after the
 * deletion) instead of a full VACUUM, which would rewrite the whole file and hold every writer. The
 * mode is set before the first table exists; a database made before it is converted by one VACUUM.
 */
function useIncrementalVacuum(db: Database): void {
  const INCREMENTAL = 2;
  if (db.pragma('auto_vacuum', { simple: true }) === INCREMENTAL) return;
  db.pragma('auto_vacuum = INCREMENTAL');
  const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as {
    n: number;
  };
  if (tables.n > 0) db.exec('VACUUM');
}

/** Dynamic SQL (column lists, IN lists) could otherwise grow the cache without bound. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Repositories call `db.prepare(sql)` inside each method; compiling the same SQL again on every
 * request cost more than running it. Statements are cached by their text, so every repository
 * gets a compiled statement back without having to keep its own. Safe because better-sqlite3
 * statements run synchronously to completion (none of ours is iterated) and none is bound,
 * plucked or made raw, which would change a shared statement for the next caller.
 */
function cacheStatements(db: Database): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, BetterSqlite3.Statement>();
  const cached = (source: string): BetterSqlite3.Statement => {
    let statement = cache.get(source);
    if (statement === undefined) {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(source, statement);
    }
    return statement;
  };
  db.prepare = cached as Database['prepare'];
}
