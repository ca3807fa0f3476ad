import { randomUUID } from 'node:crypto';
import { type ClockScope, SERVER_CLOCK_SCOPE } from './clocks/clock-scope.js';
import { assertClockTarget, type Clock, isVirtualClock } from './clocks/virtual-clock.js';
import { WorkSlices } from './runtime/work-slices.js';

/**
 * Work that becomes due at a time: scheduled posts, link and token expiry, figure collection,
 * networks that finish after the answer. A source backed by the database reports its earliest
 * due time and runs one item at a time, so the runner can interleave sources in due-time order.
 */
export interface DueWorkSource {
  readonly name: string;
  /**
   * True when the source filters its items by the scope's clock (accounts on a test clock, or on
   * the server's clock). Only such sources run on test clocks; any other runs on the server's clock.
   */
  readonly perClock?: boolean;
  /** Earliest time something of this source on the scope's clock is due, or null when nothing is waiting. */
  nextDueAt(scope: ClockScope): Date | null;
  /** Runs the earliest due item on the scope's clock (its due time is at or before `now`). */
  runNext(now: Date, scope: ClockScope): Promise<void> | void;
  /**
   * Optional: runs, in due order, up to `max` items due at or before `upTo`; returns how many ran.
   * A busy minute (10,000 posts due together) is then served with one query per batch instead of
   * every source being asked for its next due time per item; the source may run items of
   * independent owners concurrently.
   */
  runDue?(upTo: Date, max: number, scope: ClockScope): Promise<number> | number;
  /**
   * Optional, system clock only: called once about a second before `at`, the source's next due
   * time, to read into memory what its items will need then (nothing may be written or sent), so
   * that less is left to do once they are due.
   */
  prepare?(at: Date, scope: ClockScope): void;
}

interface OneOff {
  id: string;
  dueAt: number;
  seq: number;
  run: (now: Date) => Promise<void> | void;
}

interface Candidate {
  at: number;
  name: string;
  run: (now: Date) => Promise<void> | void;
  /** Set when the candidate is a source's item: the source may run the whole due batch. */
  source?: DueWorkSource;
}

/** Upper bound of items run in one pass; a source that never empties must not hang the server. */
const MAX_ITEMS_PER_PASS = 100_000;
/** The system-clock timer looks at least this often, so database sources need no wake-up call. */
const SYSTEM_TICK_MS = 1000;
/** How long before its next due time a source that prepares (`DueWorkSource.prepare`) is asked to. */
const PREPARE_LEAD_MS = 1000;

/**
 * Runs the due work of one clock: the server's clock, or one test clock. Every runner of a server
 * shares one list of sources; each asks them only for the items of its own clock's accounts, and
 * each has its own queue, so moving a test clock never waits for (nor runs) the server's work.
 */
export class DueWorkRunner {
  readonly #clock: Clock;
  readonly #scope: ClockScope;
  readonly #sources: DueWorkSource[];
  readonly #oneOffs = new Map<string, OneOff>();
  #seq = 0;
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  /** The due time a source was last asked to prepare for. */
  #preparedFor: number | undefined;
  onError: (error: unknown, source: string) => void = () => {};

  constructor(clock: Clock, scope: ClockScope = SERVER_CLOCK_SCOPE, sharedSources: DueWorkSource[] = []) {
    this.#clock = clock;
    this.#scope = scope;
    this.#sources = sharedSources;
  }

  get clock(): Clock {
    return this.#clock;
  }

  /** A runner for a test clock over the same sources (only those that filter by clock). */
  forTestClock(clock: Clock, clockId: string): DueWorkRunner {
    const runner = new DueWorkRunner(clock, { clockId }, this.#sources);
    runner.onError = (error, source) => this.onError(error, source);
    return runner;
  }

  addSource(source: DueWorkSource): void {
    this.#sources.push(source);
  }

  /** In-memory work (lost on restart: only for things that are re-derived at start). Returns a cancel function. */
  schedule(dueAt: Date, run: (now: Date) => Promise<void> | void): () => void {
    const id = randomUUID();
    this.#oneOffs.set(id, { id, dueAt: dueAt.getTime(), seq: this.#seq++, run });
    return () => this.#oneOffs.delete(id);
  }

  /** Runs everything due at or before the clock's present time, in due-time order. */
  runDue(): Promise<number> {
    return this.#serial(() => this.#drain(() => this.#clock.now().getTime()));
  }

  /**
   * Virtual clock only: moves the clock to each due time in turn, runs what is due there, then
   * sets the clock to `target`. The admin API awaits this before answering (reference-server.md, Clock).
   */
  advanceTo(target: Date): Promise<number> {
    const clock = this.#clock;
    if (!isVirtualClock(clock)) return Promise.reject(new Error('Only a virtual clock can be moved.'));
    // Refused before anything due on the way runs: the move happens whole or not at all.
    if (target.getTime() < clock.now().getTime()) clock.set(target);
    assertClockTarget(target);
    return this.#serial(async () => {
      const count = await this.#drain(
        () => target.getTime(),
        (at) => clock.set(new Date(Math.max(at, clock.now().getTime()))),
      );
      clock.set(target);
      return count;
    });
  }

  /** With the system clock a real timer drives the runner. */
  start(): void {
    if (isVirtualClock(this.#clock) || this.#timer || this.#stopped) return;
    const tick = () => {
      this.runDue()
        .catch((error) => this.onError(error, 'runner'))
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(tick, this.#nextTick()).unref();
        });
    };
    this.#timer = setTimeout(tick, this.#nextTick()).unref();
  }

  /** Stops the timer and waits for the work in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#chain.catch(() => {});
  }

  /**
   * Milliseconds until the timer looks again: at the next due time, at least every second, and a
   * second ahead of a due time whose source prepares, which it is then asked to do.
   */
  #nextTick(): number {
    const next = this.#earliest();
    if (!next) return SYSTEM_TICK_MS;
    const until = next.at - this.#clock.now().getTime();
    const source = next.source;
    if (source?.prepare !== undefined && until > 0) {
      if (until > PREPARE_LEAD_MS) return Math.min(SYSTEM_TICK_MS, until - PREPARE_LEAD_MS);
      if (this.#preparedFor !== next.at) {
        this.#preparedFor = next.at;
        try {
          source.prepare(new Date(next.at), this.#scope);
        } catch (error) {
          this.onError(error, next.name);
        }
      }
      return Math.max(0, next.at - this.#clock.now().getTime());
    }
    return Math.max(0, Math.min(SYSTEM_TICK_MS, until));
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#chain.then(work, work);
    this.#chain = result.catch(() => {});
    return result;
  }

  #earliest(): Candidate | null {
    let best: (Candidate & { seq: number }) | null = null;
    for (const item of this.#oneOffs.values()) {
      if (!best || item.dueAt < best.at || (item.dueAt === best.at && item.seq < best.seq)) {
        best = {
          at: item.dueAt,
          seq: item.seq,
          name: 'one-off',
          run: (now) => {
            this.#oneOffs.delete(item.id);
            return item.run(now);
          },
        };
      }
    }
    const scope = this.#scope;
    for (const source of this.#sources) {
      if (scope.clockId !== null && !source.perClock) continue;
      const at = source.nextDueAt(scope)?.getTime();
      if (at === undefined || (best && at >= best.at)) continue;
      best = { at, seq: -1, name: source.name, run: (now) => source.runNext(now, scope), source };
    }
    return best;
  }

  async #drain(limit: () => number, moveTo?: (at: number) => void): Promise<number> {
    let count = 0;
    // A clock moved far over many accounts runs a lot: other requests are served between slices.
    const slices = new WorkSlices();
    while (count < MAX_ITEMS_PER_PASS) {
      await slices.yieldIfDue();
      const next = this.#earliest();
      if (!next || next.at > limit()) break;
      moveTo?.(next.at);
      const batch = next.source?.runDue?.bind(next.source);
      try {
        if (batch) {
          // A moving (virtual) clock stands at each due time in turn, so a batch takes only the items
          // due at this instant; a real clock is past all of them, so it takes everything due now.
          const upTo = moveTo ? next.at : limit();
          count += Math.max(1, await batch(new Date(upTo), MAX_ITEMS_PER_PASS - count, this.#scope));
          continue;
        }
        await next.run(this.#clock.now());
      } catch (error) {
        this.onError(error, next.name);
      }
      count++;
    }
    return count;
  }
}
