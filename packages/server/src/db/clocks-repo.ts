import type { Database } from './database.js';

/** A test clock as stored (reference-server.md, Admin API: `POST /clocks`). */
export interface TestClockRecord {
  id: string;
  name: string | null;
  /** The clock's present time (ISO); written on every move so a restart resumes it. */
  now: string;
  createdAt: string;
  /** The account whose Clock page started it (its own test clock), or null for an admin's clock. */
  startedByAccount: string | null;
}

interface ClockRow {
  id: string;
  name: string | null;
  now: string;
  created_at: string;
  started_by_account: string | null;
}

const fromRow = (row: ClockRow): TestClockRecord => ({
  id: row.id,
  name: row.name,
  now: row.now,
  createdAt: row.created_at,
  startedByAccount: row.started_by_account,
});

export class ClocksRepository {
  constructor(private readonly db: Database) {}

  insert(clock: TestClockRecord): void {
    this.db
      .prepare(
        `INSERT INTO clocks (id, name, now, created_at, started_by_account, seq)
         VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM clocks))`,
      )
      .run(clock.id, clock.name, clock.now, clock.createdAt, clock.startedByAccount);
  }

  get(id: string): TestClockRecord | null {
    const row = this.db.prepare('SELECT * FROM clocks WHERE id = ?').get(id) as ClockRow | undefined;
    return row ? fromRow(row) : null;
  }

  /** Every test clock, in creation order (loaded once at start; there are few). */
  list(): TestClockRecord[] {
    return (this.db.prepare('SELECT * FROM clocks ORDER BY seq').all() as ClockRow[]).map(fromRow);
  }

  /** Moves the stored time forward only: a late write of an earlier step never takes it back. */
  setNow(id: string, now: string): void {
    this.db.prepare('UPDATE clocks SET now = ? WHERE id = ? AND now < ?').run(now, id, now);
  }

  /** The test clocks this account started from its Clock page (at most one today). */
  startedBy(accountId: string): string[] {
    const rows = this.db.prepare('SELECT id FROM clocks WHERE started_by_account = ?').all(accountId);
    return (rows as { id: string }[]).map((row) => row.id);
  }

  /** Removes the clock row; its accounts must be gone first (their clock_id references it). */
  delete(id: string): void {
    this.db.prepare('DELETE FROM clocks WHERE id = ?').run(id);
  }
}
