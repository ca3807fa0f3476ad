import type { Database } from './database.js';

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  durationMs: number;
  accountId: string | null;
  idempotencyKey: string | null;
  replayed: boolean;
}

/** Only the last requests are kept (reference-server.md: at most 1,000). */
export const REQUEST_LOG_KEPT = 1000;

export class RequestLogRepository {
  constructor(private readonly db: Database) {}

  add(entry: RequestLogEntry): void {
    const info = this.db
      .prepare(
        `INSERT INTO request_log (at, method, path, status, error_code, duration_ms, account_id, idempotency_key, replayed)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.at,
        entry.method,
        entry.path,
        entry.status,
        entry.errorCode,
        entry.durationMs,
        entry.accountId,
        entry.idempotencyKey,
        entry.replayed ? 1 : 0,
      );
    this.db
      .prepare('DELETE FROM request_log WHERE id <= ?')
      .run(Number(info.lastInsertRowid) - REQUEST_LOG_KEPT);
  }

  /** Newest first. */
  list(filter: { accountId?: string | undefined; limit: number }): RequestLogEntry[] {
    const rows = (
      filter.accountId
        ? this.db
            .prepare('SELECT * FROM request_log WHERE account_id = ? ORDER BY id DESC LIMIT ?')
            .all(filter.accountId, filter.limit)
        : this.db.prepare('SELECT * FROM request_log ORDER BY id DESC LIMIT ?').all(filter.limit)
    ) as {
      at: string;
      method: string;
      path: string;
      status: number;
      error_code: string | null;
      duration_ms: number;
      account_id: string | null;
      idempotency_key: string | null;
      replayed: number;
    }[];
    return rows.map((row) => ({
      at: row.at,
      method: row.method,
      path: row.path,
      status: row.status,
      errorCode: row.error_code,
      durationMs: row.duration_ms,
      accountId: row.account_id,
      idempotencyKey: row.idempotency_key,
      replayed: row.replayed === 1,
    }));
  }
}
