import type { Database } from './database.js';

/** Per-account counters per UTC minute (`minute` is `YYYY-MM-DDTHH:MM`), one row per bucket. */
export class ReadCountersRepository {
  constructor(private readonly db: Database) {}

  get(accountId: string, bucket: string, minute: string): number {
    const row = this.db
      .prepare('SELECT count FROM read_counters WHERE account_id = ? AND bucket = ? AND minute = ?')
      .get(accountId, bucket, minute) as { count: number } | undefined;
    return row?.count ?? 0;
  }

  increment(accountId: string, bucket: string, minute: string): void {
    this.db
      .prepare(
        `INSERT INTO read_counters (account_id, bucket, minute, count) VALUES (?, ?, ?, 1)
         ON CONFLICT (account_id, bucket, minute) DO UPDATE SET count = count + 1`,
      )
      .run(accountId, bucket, minute);
  }

  /** Minutes before the current one are never read again. */
  pruneBefore(minute: string): void {
    this.db.prepare('DELETE FROM read_counters WHERE minute < ?').run(minute);
  }
}
