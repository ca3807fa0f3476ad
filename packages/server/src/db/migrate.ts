import type BetterSqlite3 from 'better-sqlite3';

export interface Migration {
  /** Numbered from 1, never reused, never edited once released: add a new one instead. */
  id: number;
  name: string;
  up(db: BetterSqlite3.Database): void;
}

/** Applies, in id order, each migration not yet in `schema_migrations`, all in one transaction. */
export function runMigrations(db: BetterSqlite3.Database, migrations: readonly Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const ids = new Set<number>();
  for (const migration of migrations) {
    if (ids.has(migration.id)) throw new Error(`Two migrations share id ${migration.id}.`);
    ids.add(migration.id);
  }
  const applied = new Set(
    (db.prepare('SELECT id FROM schema_migrations').all() as { id: number }[]).map((row) => row.id),
  );
  const pending = [...migrations].filter((m) => !applied.has(m.id)).sort((a, b) => a.id - b.id);
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  // The applied_at stamp is bookkeeping only, not a rule of the API, so the real time is fine here.
  const stamp = new Date(globalThis.Date.now()).toISOString();
  db.transaction(() => {
    for (const migration of pending) {
      migration.up(db);
      record.run(migration.id, migration.name, stamp);
    }
  })();
  return pending.map((m) => m.id);
}
