import { ADMIN_REQUEST_LOG_KEPT } from '@socialpub/core';
import type { Database } from './database.js';
import { type RequestLogEntry, type RequestLogRecord, RequestLogRing } from './request-log-ring.js';
import type { BehindWriter, WriteBehind } from './write-behind.js';

export type { RequestLogEntry, RequestLogRecord };

/** Only the last requests are kept (reference-server.md: at most 1,000). */
export const REQUEST_LOG_KEPT = ADMIN_REQUEST_LOG_KEPT;

const ROWS_PER_INSERT = 50;
const INSERT_INTO = `INSERT INTO request_log
  (id, at, method, path, status, error_code, duration_ms, account_id, idempotency_key, replayed, client_address) VALUES `;
const ROW_PLACEHOLDERS = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const ONE_ROW_INSERT = INSERT_INTO + ROW_PLACEHOLDERS;
const MANY_ROWS_INSERT = INSERT_INTO + Array(ROWS_PER_INSERT).fill(ROW_PLACEHOLDERS).join(', ');

interface RequestLogRow {
  id: number;
  at: string;
  method: string;
  path: string;
  status: number;
  error_code: string | null;
  duration_ms: number;
  account_id: string | null;
  idempotency_key: string | null;
  replayed: number;
  client_address: string | null;
}

function toEntry(record: RequestLogRecord): RequestLogEntry {
  const { atMs, ...rest } = record;
  return { at: new Date(atMs).toISOString(), ...rest };
}

function pushValues(values: unknown[], id: number, record: RequestLogRecord): void {
  values.push(
    id,
    new Date(record.atMs).toISOString(),
    record.method,
    record.path,
    record.status,
    record.errorCode,
    record.durationMs,
    record.accountId,
    record.idempotencyKey,
    record.replayed ? 1 : 0,
    record.clientAddress,
  );
}

/**
 * The admin API's request log (`GET /admin/v1/requests`). The last `REQUEST_LOG_KEPT` requests live
 * in memory, in a ring, and are what the admin API lists; the table only carries them across a
 * restart. Written behind the answers with the shared schedule, and only the rows that outlive the
 * trim: under load that is `REQUEST_LOG_KEPT` rows a write instead of one per request.
 */
export class RequestLogRepository implements BehindWriter {
  readonly #ring = new RequestLogRing(REQUEST_LOG_KEPT);
  /** How many records were ever added (this process); the newest is at `(#added - 1) % KEPT`. */
  #added = 0;
  /** How many of the newest records the table does not have yet. */
  #unsaved = 0;
  /** The id the newest saved row has. */
  #lastSavedId = 0;

  constructor(
    private readonly db: Database,
    private readonly writeBehind: WriteBehind,
  ) {
    writeBehind.register(this);
    const rows = db
      .prepare('SELECT * FROM request_log ORDER BY id DESC LIMIT ?')
      .all(REQUEST_LOG_KEPT) as RequestLogRow[];
    for (const row of rows.reverse()) {
      this.#push({
        atMs: Date.parse(row.at),
        method: row.method,
        path: row.path,
        status: row.status,
        errorCode: row.error_code,
        durationMs: row.duration_ms,
        accountId: row.account_id,
        clientAddress: row.client_address,
        idempotencyKey: row.idempotency_key,
        replayed: row.replayed === 1,
      });
      this.#lastSavedId = row.id;
    }
  }

  add(record: RequestLogRecord): void {
    this.#push(record);
    // Past a full ring of unsaved records a new one replaces an unsaved one: no more rows wait.
    if (this.#unsaved === REQUEST_LOG_KEPT) return;
    this.#unsaved += 1;
    this.writeBehind.changed();
  }

  /** Newest first. */
  list(filter: { accountId?: string | undefined; limit: number }): RequestLogEntry[] {
    const found: RequestLogEntry[] = [];
    const kept = Math.min(this.#added, REQUEST_LOG_KEPT);
    for (let back = 1; back <= kept && found.length < filter.limit; back++) {
      const slot = (this.#added - back) % REQUEST_LOG_KEPT;
      if (filter.accountId !== undefined && this.#ring.accountIdAt(slot) !== filter.accountId) continue;
      found.push(toEntry(this.#ring.get(slot)));
    }
    return found;
  }

  get keptCount(): number {
    return Math.min(this.#added, REQUEST_LOG_KEPT);
  }

  /** Drops a deleted account's records (its rows went with the account). */
  invalidateAccount(accountId: string): void {
    const kept = Math.min(this.#added, REQUEST_LOG_KEPT);
    const firstUnsaved = this.#added - this.#unsaved;
    const others: RequestLogRecord[] = [];
    let unsaved = 0;
    for (let sequence = this.#added - kept; sequence < this.#added; sequence++) {
      const record = this.#at(sequence);
      if (record.accountId === accountId) continue;
      others.push(record);
      if (sequence >= firstUnsaved) unsaved += 1;
    }
    this.#ring.clear();
    this.#added = 0;
    for (const record of others) this.#push(record);
    this.#unsaved = unsaved;
  }

  /** Saves the records the table lacks (oldest first) and trims it to the last `REQUEST_LOG_KEPT`. */
  writeWaiting(): (() => void) | undefined {
    const count = this.#unsaved;
    if (count === 0) return undefined;
    const first = this.#added - count;
    let id = this.#lastSavedId;
    let index = first;
    for (; index + ROWS_PER_INSERT <= this.#added; index += ROWS_PER_INSERT) {
      const values: unknown[] = [];
      for (let i = index; i < index + ROWS_PER_INSERT; i++) pushValues(values, ++id, this.#at(i));
      this.db.prepare(MANY_ROWS_INSERT).run(values);
    }
    for (; index < this.#added; index++) {
      const values: unknown[] = [];
      pushValues(values, ++id, this.#at(index));
      this.db.prepare(ONE_ROW_INSERT).run(values);
    }
    this.db.prepare('DELETE FROM request_log WHERE id <= ?').run(id - REQUEST_LOG_KEPT);
    return () => {
      this.#lastSavedId = id;
      // Records added meanwhile are impossible (the write is synchronous); the count saved goes.
      this.#unsaved -= count;
    };
  }

  #push(record: RequestLogRecord): void {
    this.#ring.set(this.#added % REQUEST_LOG_KEPT, record);
    this.#added += 1;
  }

  #at(sequence: number): RequestLogRecord {
    return this.#ring.get(sequence % REQUEST_LOG_KEPT);
  }
}
