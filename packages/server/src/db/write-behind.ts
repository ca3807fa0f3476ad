import type { Database } from './database.js';

/**
 * A repository whose writes wait in memory (the read counts, the request log, API keys' "last used"
 * times). `writeWaiting` writes what waits inside the transaction the schedule opened and returns
 * what to do once it is committed (forget what was written): a failed commit forgets nothing.
 */
export interface BehindWriter {
  writeWaiting(): (() => void) | undefined;
}

export interface WriteBehindTiming {
  /** How long the first change waits for others before everything waiting is written. */
  delayMs: number;
  /** Written at once when this many changes wait (bounds the memory and the length of one write). */
  maxWaiting: number;
}

/**
 * Everything written behind the answers shares one schedule and one commit. Under load a commit's
 * cost is the pages it writes to the WAL, not its rows: one commit for the counts, the log and the
 * keys' times every `delayMs` writes each touched page once, where three schedules of their own
 * wrote it three times and as often as their batches filled (docs/performance.md: written behind).
 *
 * What a crash can lose is what waits: at most `delayMs` of read counts, request-log rows and
 * "last used" times. A clean shutdown writes it all (`flush`, called by the app's close).
 */
export const WRITE_BEHIND_TIMING: WriteBehindTiming = { delayMs: 200, maxWaiting: 20_000 };

export class WriteBehind {
  readonly #writers: BehindWriter[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #waiting = 0;

  constructor(
    private readonly db: Database,
    private readonly timing: WriteBehindTiming = WRITE_BEHIND_TIMING,
  ) {}

  register(writer: BehindWriter): void {
    this.#writers.push(writer);
  }

  /** A writer has one more change waiting. */
  changed(): void {
    this.#waiting += 1;
    if (this.#waiting >= this.timing.maxWaiting) {
      this.flush();
      return;
    }
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      try {
        this.flush();
      } catch (error) {
        // A timed flush has no caller to fail, and must never stop the server; what waits stays
        // waiting and the next flush (next change, a read of the admin API, close) tries again.
        console.error('[socialpub] writing the request log and read counts failed:', error);
      }
    }, this.timing.delayMs);
    this.#timer.unref?.();
  }

  /** Writes everything waiting, in one transaction. */
  flush(): void {
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    if (this.#waiting === 0 || !this.db.open) return;
    const committed = this.db.transaction(() => this.#writers.map((writer) => writer.writeWaiting()))();
    this.#waiting = 0;
    for (const done of committed) done?.();
  }
}
