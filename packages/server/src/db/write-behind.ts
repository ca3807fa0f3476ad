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
  /** How long the first change waits for others before everything waiting is written (the snapshot's period). */
  delayMs: number;
  /** Written at once when this many rows wait (bounds the length of one write). */
  maxWaiting: number;
}

/**
 * Everything written behind the answers shares one schedule and one commit: a snapshot of what
 * changed since the last one. A change is a row to write, not a request: an account's counts are
 * one row however many reads it made, and the request log at most its ring, so a longer period
 * writes fewer rows per request, and the snapshot's length is bounded by accounts and keys in use.
 *
 * What a crash can lose is what waits: at most `delayMs` of read counts, request-log rows and
 * "last used" times (docs/performance.md: written behind). A clean shutdown writes it all
 * (`flush`, called by the app's close).
 */
export const WRITE_BEHIND_TIMING: WriteBehindTiming = { delayMs: 5_000, maxWaiting: 20_000 };

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

  /** Whether `changes` more rows can wait without the last of them writing everything at once. */
  roomFor(changes: number): boolean {
    return this.#waiting + changes < this.timing.maxWaiting;
  }

  /** A writer has one more row waiting (a change to a row already waiting is not one). */
  changed(): void {
    this.#waiting += 1;
    if (this.#waiting >= this.timing.maxWaiting) {
      this.flush();
      return;
    }
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      try {
        this.flush();
      } catch (error) {
        // A timed flush has no caller to fail, and must never stop the server; what waits stays
        // waiting, and the next snapshot tries again.
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
    let committed: ((() => void) | undefined)[];
    try {
      committed = this.db.transaction(() => this.#writers.map((writer) => writer.writeWaiting()))();
    } catch (error) {
      // Changes to rows already waiting schedule nothing, so the retry is scheduled here.
      this.#schedule();
      throw error;
    }
    this.#waiting = 0;
    for (const done of committed) done?.();
  }
}
