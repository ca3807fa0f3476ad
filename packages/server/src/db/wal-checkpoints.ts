import type { Database } from './database.js';

/**
 * Holds SQLite's automatic WAL checkpoints while a burst of commits runs (a busy minute's sends),
 * and gives back a function that restores them and checkpoints once. By default a commit that leaves
 * the WAL over 1,000 pages copies them into the database file at once, with two fsyncs, inside the
 * commit: during a drain that was every commit, and the pages the next commit writes again were
 * copied each time. Held, the drain's commits only append to the WAL; one checkpoint afterwards
 * copies each page once. Nothing is less durable: a commit is durable once in the WAL.
 */
export function holdCheckpoints(db: Database): () => void {
  const previous = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  if (previous <= 0) return () => {};
  db.pragma('wal_autocheckpoint = 0');
  return () => {
    db.pragma(`wal_autocheckpoint = ${previous}`);
    // PASSIVE: copies what no reader still needs, never waits for one.
    db.pragma('wal_checkpoint(PASSIVE)');
  };
}
