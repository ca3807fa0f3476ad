import { ADMIN_REQUEST_LOG_KEPT } from '@socialpub/core';
import type { Database } from './database.js';
import { FlushSchedule } from './flush-schedule.js';

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
export const REQUEST_LOG_KEPT = ADMIN_REQUEST_LOG_KEPT;

/** Rows are written in one transaction per batch: this many at most, or after this long. */
const FLUSH_ROWS = 200;
const FLUSH_AFTER_MS = 25;

const ROWS_PER_INSERT = 50;
const INSERT_INTO = `INSERT INTO request_log
  (at, method, path, status, error_code, duration_ms, account_id, idempotency_key, replayed) VALUES `;
const ROW_PLACEHOLDERS = '(?, ?, ?, ?, ?, ?, ?, ?, ?)';
const ONE_ROW_INSERT = INSERT_INTO + ROW_PLACEHOLDERS;
const MANY_ROWS_INSERT = INSERT_INTO + Array(ROWS_PER_INSERT).fill(ROW_PLACEHOLDERS).join(', ');

function pushValues(values: unknown[], entry: RequestLogEntry): void {
  values.push(
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
}

/**
 * The log is written behind the answers: one INSERT (and the trim) per request in its own commit
 * cost more than the rest of a read. Entries wait in memory for a few milliseconds and are
 * written together; `list` flushes first, so the admin API always sees every answered request,
 * and the app flushes on close.
 */
export class RequestLogRepository {
  #pending: RequestLogEntry[] = [];
  readonly #schedule = new FlushSchedule(() => this.flush(), {
    maxWaiting: FLUSH_ROWS,
    delayMs: FLUSH_AFTER_MS,
  });

  constructor(private readonly db: Database) {}

  add(entry: RequestLogEntry): void {
    this.#pending.push(entry);
    this.#schedule.added(this.#pending.length);
  }

  /** Writes the waiting entries and trims the log to the last `REQUEST_LOG_KEPT`. */
  flush(): void {
    this.#schedule.flushing();
    if (this.#pending.length === 0) return;
    const entries = this.#pending;
    this.#pending = [];
    if (!this.db.open) return;
    this.db.transaction(() => {
      let lastId = 0;
      // One statement per ROWS_PER_INSERT rows under load: a row costs less than its own INSERT call.
      let start = 0;
      for (; start + ROWS_PER_INSERT <= entries.length; start += ROWS_PER_INSERT) {
        const values: unknown[] = [];
        for (let i = start; i < start + ROWS_PER_INSERT; i++)
          pushValues(values, entries[i] as RequestLogEntry);
        lastId = Number(this.db.prepare(MANY_ROWS_INSERT).run(values).lastInsertRowid);
      }
      for (let i = start; i < entries.length; i++) {
        const values: unknown[] = [];
        pushValues(values, entries[i] as RequestLogEntry);
        lastId = Number(this.db.prepare(ONE_ROW_INSERT).run(values).lastInsertRowid);
      }
      this.db.prepare('DELETE FROM request_log WHERE id <= ?').run(lastId - REQUEST_LOG_KEPT);
    })();
  }

  /** Newest first. */
  list(filter: { accountId?: string | undefined; limit: number }): RequestLogEntry[] {
    this.flush();
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
