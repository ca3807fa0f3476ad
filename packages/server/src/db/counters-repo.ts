import { type ClockScope, onClockParams, onClockSql, SERVER_CLOCK_SCOPE } from '../clocks/clock-scope.js';
import { BatchedUpsert } from './batched-upsert.js';
import type { Database } from './database.js';
import type { BehindWriter, WriteBehind } from './write-behind.js';

/** An account's reads in one UTC minute (`minute` is `YYYY-MM-DDTHH:MM` on the account's clock). */
export interface MinuteReads {
  readonly accountId: string;
  readonly minute: string;
  reads: number;
  /** Posting-options reads, which also count against their own limit. */
  options: number;
}

const READS_BUCKET = 'reads';
const OPTIONS_BUCKET = 'options';

/**
 * The read counts the limits read (Limits, Reads). Every read checks and counts, so the counts of
 * each account's current minute live in memory (one process owns the database) and the limit is
 * decided there, exactly. They are written behind the answers with the shared schedule (one row per
 * account and bucket a write, however many reads it took), so a restart keeps them; a minute is read
 * from the table the first time an account reads in it.
 */
export class ReadCountersRepository implements BehindWriter {
  /** Per account: the minute it last read in. An older minute is never read again. */
  readonly #current = new Map<string, MinuteReads>();
  #changed = new Set<MinuteReads>();
  /**
   * The latest minute the table held when this process opened it (null: none). Every later row is
   * this process's own, written from `#current`: see `#mayBeStored`.
   */
  readonly #storedThrough: string | null;
  readonly #upsert: BatchedUpsert;

  constructor(
    private readonly db: Database,
    private readonly writeBehind: WriteBehind,
  ) {
    writeBehind.register(this);
    this.#upsert = new BatchedUpsert(
      db,
      'read_counters (account_id, bucket, minute, count)',
      4,
      'ON CONFLICT (account_id, bucket, minute) DO UPDATE SET count = excluded.count',
    );
    const row = db.prepare('SELECT MAX(minute) AS minute FROM read_counters').get() as {
      minute: string | null;
    };
    this.#storedThrough = row.minute;
  }

  /** The account's counts in `minute`; change them, then call `counted`. */
  current(accountId: string, minute: string): MinuteReads {
    const kept = this.#current.get(accountId);
    if (kept !== undefined && kept.minute === minute) return kept;
    const counts: MinuteReads = { accountId, minute, reads: 0, options: 0 };
    const rows = this.#mayBeStored(kept, minute)
      ? (this.db
          .prepare('SELECT bucket, count FROM read_counters WHERE account_id = ? AND minute = ?')
          .all(accountId, minute) as { bucket: string; count: number }[])
      : [];
    for (const row of rows) {
      if (row.bucket === READS_BUCKET) counts.reads = row.count;
      else if (row.bucket === OPTIONS_BUCKET) counts.options = row.count;
    }
    this.#current.set(accountId, counts);
    return counts;
  }

  /**
   * Whether the table may hold the account's counts for `minute`, which memory does not (`kept`
   * is its older minute, or none). Rows of minutes after `#storedThrough` were written by this
   * process from `#current`, whose entry for an account moves only forward (an account's clock
   * never goes back) and goes only for a minute older than its clock's current one (`pruneBefore`)
   * or with the account: so a later minute than memory's has no row, and the first read of each
   * minute asks the table nothing.
   */
  #mayBeStored(kept: MinuteReads | undefined, minute: string): boolean {
    if (this.#storedThrough !== null && minute <= this.#storedThrough) return true;
    return kept !== undefined && kept.minute > minute;
  }

  counted(counts: MinuteReads): void {
    if (this.#changed.has(counts)) return;
    this.#changed.add(counts);
    this.writeBehind.changed();
  }

  /** Minutes before `minute` are never read again: their rows go, for the accounts of one clock. */
  pruneBefore(
    minute: string,
    scope: ClockScope = SERVER_CLOCK_SCOPE,
    onScope: (accountId: string) => boolean = () => true,
  ): void {
    // What waits is written first, so no older minute is written back after its rows went.
    this.writeBehind.flush();
    // Only the accounts of one clock: another clock's minute may be years before or after this one.
    for (const [accountId, counts] of this.#current) {
      if (counts.minute < minute && onScope(accountId)) this.#current.delete(accountId);
    }
    this.db
      .prepare(`DELETE FROM read_counters WHERE minute < ? AND ${onClockSql('account_id', scope)}`)
      .run(minute, ...onClockParams(scope));
  }

  get keptCount(): number {
    return this.#current.size;
  }

  /** Drops the in-memory counts of a deleted account (its rows went with the account). */
  invalidateAccount(accountId: string): void {
    const counts = this.#current.get(accountId);
    if (counts === undefined) return;
    this.#current.delete(accountId);
    this.#changed.delete(counts);
  }

  writeWaiting(): (() => void) | undefined {
    if (this.#changed.size === 0) return undefined;
    const changed = this.#changed;
    const values: unknown[] = [];
    for (const c of changed) {
      values.push(c.accountId, READS_BUCKET, c.minute, c.reads);
      if (c.options > 0) values.push(c.accountId, OPTIONS_BUCKET, c.minute, c.options);
    }
    // A vanished account's row is refused and skipped: its count has no one left to limit.
    this.#upsert.write(values);
    return () => {
      // Counts changed meanwhile are impossible (the write is synchronous): all of them are saved.
      if (this.#changed === changed) this.#changed = new Set();
    };
  }
}
