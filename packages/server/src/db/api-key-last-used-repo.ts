import { BatchedUpsert } from './batched-upsert.js';
import type { Database } from './database.js';
import type { BehindWriter, WriteBehind } from './write-behind.js';

/** Written at most this often per key: "last used" is shown to the minute, not per request. */
const WRITE_EVERY_MS = 60_000;

/**
 * When each API key was last presented (API management's "last used"; migration 007). A key's time
 * changes at most once a minute, and the change is written behind the answer with the shared
 * schedule (its own commit cost an authenticated read a single-row transaction whenever a key's
 * minute turned); `forKeys` and `close()` of the app write what waits first.
 */
export class ApiKeyLastUsedRepository implements BehindWriter {
  readonly #lastWritten = new Map<string, number>();
  #pending = new Map<string, string>();
  readonly #upsert: BatchedUpsert;

  constructor(
    private readonly db: Database,
    private readonly writeBehind: WriteBehind,
  ) {
    writeBehind.register(this);
    this.#upsert = new BatchedUpsert(
      db,
      'api_key_last_used (key_id, last_used_at)',
      2,
      'ON CONFLICT (key_id) DO UPDATE SET last_used_at = excluded.last_used_at',
    );
  }

  /**
   * Notes the key's use at `at`, written at most once a minute. `kept`: the caller entry's copy of
   * the key's last written time (caches/caller-facts-cache.ts), asked first: it is never later than the time
   * kept here (which only moves forward), so a time within a minute of it is within a minute of the
   * kept one too, and most requests make no lookup.
   */
  touch(keyId: string, at: Date, kept?: { lastUsedMs: number }): void {
    if (kept !== undefined && at.getTime() - kept.lastUsedMs < WRITE_EVERY_MS) return;
    const previous = this.#lastWritten.get(keyId);
    if (previous === undefined || at.getTime() - previous >= WRITE_EVERY_MS) {
      this.#lastWritten.set(keyId, at.getTime());
      const waiting = this.#pending.has(keyId);
      this.#pending.set(keyId, at.toISOString());
      if (!waiting) this.writeBehind.changed();
    }
    if (kept !== undefined) kept.lastUsedMs = this.#lastWritten.get(keyId) ?? Number.NEGATIVE_INFINITY;
  }

  /** A deleted account's keys: nothing more is written for them. */
  invalidateKeys(keyIds: readonly string[]): void {
    for (const keyId of keyIds) {
      this.#lastWritten.delete(keyId);
      this.#pending.delete(keyId);
    }
  }

  get keptCount(): number {
    return this.#lastWritten.size;
  }

  writeWaiting(): (() => void) | undefined {
    if (this.#pending.size === 0) return undefined;
    const changed = this.#pending;
    const values: unknown[] = [];
    for (const [keyId, at] of changed) values.push(keyId, at);
    // Only a key deleted meanwhile (with its account) can refuse its row: skipped, nobody will read it.
    this.#upsert.write(values);
    return () => {
      if (this.#pending === changed) this.#pending = new Map();
    };
  }

  forKeys(keyIds: readonly string[]): Map<string, string> {
    this.writeBehind.flush();
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
