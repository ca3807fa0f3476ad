import { type ClockScope, onClockParams, onClockSql, SERVER_CLOCK_SCOPE } from '../clocks/clock-scope.js';
import type { Database } from './database.js';
import { FlushSchedule } from './flush-schedule.js';

/** Counts are written together: after this long, or at once when this many wait. */
const FLUSH_AFTER_MS = 25;
const FLUSH_ROWS = 500;

interface Counter {
  accountId: string;
  bucket: string;
  minute: string;
  count: number;
}

const keyOf = (accountId: string, bucket: string, minute: string) => `${accountId}\n${bucket}\n${minute}`;

/**
 * Per-account counters per UTC minute (`minute` is `YYYY-MM-DDTHH:MM`), one row per bucket.
 *
 * Every read checks and counts, so the counts live in memory (one process owns the database) and
 * the limit is decided there, exactly; they are written to SQLite in one transaction a few
 * milliseconds later, on close, and before old minutes are pruned, so a restart keeps them
 * (reference-server.md, Storage). A counter is read from the database the first time it is used.
 */
export class ReadCountersRepository {
  readonly #counters = new Map<string, Counter>();
  #dirty = new Set<Counter>();
  readonly #schedule = new FlushSchedule(() => this.flush(), {
    maxWaiting: FLUSH_ROWS,
    delayMs: FLUSH_AFTER_MS,
  });

  constructor(private readonly db: Database) {}

  get(accountId: string, bucket: string, minute: string): number {
    return this.#counter(accountId, bucket, minute).count;
  }

  increment(accountId: string, bucket: string, minute: string): void {
    const counter = this.#counter(accountId, bucket, minute);
    counter.count += 1;
    this.#changed(counter);
  }

  /** Counts one unless the count already reached `limit`. Returns whether it was counted. */
  incrementBelow(accountId: string, bucket: string, minute: string, limit: number): boolean {
    const counter = this.#counter(accountId, bucket, minute);
    if (counter.count >= limit) return false;
    counter.count += 1;
    this.#changed(counter);
    return true;
  }

  /** Minutes before the current one are never read again. */
  pruneBefore(
    minute: string,
    scope: ClockScope = SERVER_CLOCK_SCOPE,
    onScope: (accountId: string) => boolean = () => true,
  ): void {
    this.flush();
    // Only the accounts of one clock: another clock's minute may be years before or after this one.
    for (const [key, counter] of this.#counters) {
      if (counter.minute < minute && onScope(counter.accountId)) this.#counters.delete(key);
    }
    this.db
      .prepare(`DELETE FROM read_counters WHERE minute < ? AND ${onClockSql('account_id', scope)}`)
      .run(minute, ...onClockParams(scope));
  }

  /** Drops the in-memory counts of a deleted account (its rows went with the account). */
  forgetAccount(accountId: string): void {
    for (const [key, counter] of this.#counters) {
      if (counter.accountId !== accountId) continue;
      this.#counters.delete(key);
      this.#dirty.delete(counter);
    }
  }

  /** Writes the counts changed since the last flush. */
  flush(): void {
    this.#schedule.flushing();
    if (this.#dirty.size === 0 || !this.db.open) return;
    const changed = this.#dirty;
    this.#dirty = new Set();
    const write = this.db.prepare(
      `INSERT INTO read_counters (account_id, bucket, minute, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (account_id, bucket, minute) DO UPDATE SET count = excluded.count`,
    );
    this.db.transaction(() => {
      for (const c of changed) {
        try {
          write.run(c.accountId, c.bucket, c.minute, c.count);
        } catch {
          // Only a vanished account can refuse its row; its count has no one left to limit.
        }
      }
    })();
  }

  #counter(accountId: string, bucket: string, minute: string): Counter {
    const key = keyOf(accountId, bucket, minute);
    let counter = this.#counters.get(key);
    if (counter === undefined) {
      const row = this.db
        .prepare('SELECT count FROM read_counters WHERE account_id = ? AND bucket = ? AND minute = ?')
        .get(accountId, bucket, minute) as { count: number } | undefined;
      counter = { accountId, bucket, minute, count: row?.count ?? 0 };
      this.#counters.set(key, counter);
    }
    return counter;
  }

  #changed(counter: Counter): void {
    this.#dirty.add(counter);
    this.#schedule.added(this.#dirty.size);
  }
}
