import type { Database } from './database.js';
import { FlushSchedule } from './flush-schedule.js';

/** Written at most this often per key: "last used" is shown to the minute, not per request. */
const WRITE_EVERY_MS = 60_000;
/** Like the read counters, the times are written behind the answers: after this long, or this many. */
const FLUSH_AFTER_MS = 25;
const FLUSH_ROWS = 500;

/**
 * When each API key was last presented (API management's "last used"; migration 007). A key's time
 * changes at most once a minute, and the change is written behind the answer together with others
 * (its own commit cost an authenticated read a single-row transaction whenever a key's minute
 * turned); `forKeys` and `close()` of the app write what waits first.
 */
export class ApiKeyLastUsedRepository {
  readonly #lastWritten = new Map<string, number>();
  #pending = new Map<string, string>();
  readonly #schedule = new FlushSchedule(() => this.flush(), {
    maxWaiting: FLUSH_ROWS,
    delayMs: FLUSH_AFTER_MS,
  });

  constructor(private readonly db: Database) {}

  touch(keyId: string, at: Date): void {
    const previous = this.#lastWritten.get(keyId);
    if (previous !== undefined && at.getTime() - previous < WRITE_EVERY_MS) return;
    this.#lastWritten.set(keyId, at.getTime());
    this.#pending.set(keyId, at.toISOString());
    this.#schedule.added(this.#pending.size);
  }

  /** Writes the times changed since the last flush. */
  flush(): void {
    this.#schedule.flushing();
    if (this.#pending.size === 0 || !this.db.open) return;
    const changed = this.#pending;
    this.#pending = new Map();
    const write = this.db.prepare(
      `INSERT INTO api_key_last_used (key_id, last_used_at) VALUES (?, ?)
       ON CONFLICT(key_id) DO UPDATE SET last_used_at = excluded.last_used_at`,
    );
    this.db.transaction(() => {
      for (const [keyId, at] of changed) {
        try {
          write.run(keyId, at);
        } catch {
          // Only a key deleted meanwhile (with its account) can refuse its row; nobody will read it.
        }
      }
    })();
  }

  forKeys(keyIds: readonly string[]): Map<string, string> {
    this.flush();
    const found = new Map<string, string>();
    for (const keyId of keyIds) {
      const row = this.db.prepare('SELECT last_used_at FROM api_key_last_used WHERE key_id = ?').get(keyId) as
        | { last_used_at: string }
        | undefined;
      if (row) found.set(keyId, row.last_used_at);
    }
    return found;
  }
}
