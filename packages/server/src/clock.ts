/**
 * The one injected clock ("Clock" in reference-server.md). Every time-based rule reads `now()`
 * from here; nothing else in the server calls `Date.now()` or `new Date()` without an argument.
 */
export type ClockMode = 'system' | 'virtual';

export interface Clock {
  readonly mode: ClockMode;
  now(): Date;
}

export class SystemClock implements Clock {
  readonly mode = 'system' as const;
  now(): Date {
    return new Date(globalThis.Date.now());
  }
}

/** Thrown when a virtual clock is asked to move backwards (the admin API answers 400). */
export class ClockBackwardsError extends Error {
  constructor(
    readonly current: Date,
    readonly requested: Date,
  ) {
    super(
      `The clock cannot move backwards (now ${current.toISOString()}, asked ${requested.toISOString()}).`,
    );
    this.name = 'ClockBackwardsError';
  }
}

/**
 * Starts at the real time (or a given start) and moves only through `set`/`advance`. Moving it
 * does not run due work by itself: `DueWorkRunner.advanceTo` moves it step by step so that each
 * piece of work sees the clock at its own due time.
 */
export class VirtualClock implements Clock {
  readonly mode = 'virtual' as const;
  #now: number;
  /** Called after every move: a persisted clock writes its time here (never moves back on restart). */
  onMove: ((now: Date) => void) | undefined;

  constructor(start?: Date, onMove?: (now: Date) => void) {
    this.#now = start ? start.getTime() : globalThis.Date.now();
    this.onMove = onMove;
  }

  now(): Date {
    return new Date(this.#now);
  }

  set(date: Date): void {
    if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date for the virtual clock.');
    if (date.getTime() < this.#now) throw new ClockBackwardsError(this.now(), date);
    if (date.getTime() === this.#now) return;
    this.#now = date.getTime();
    this.onMove?.(this.now());
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds)) throw new RangeError('advance needs a finite number of seconds.');
    this.set(new Date(this.#now + seconds * 1000));
  }
}

export function isVirtualClock(clock: Clock): clock is VirtualClock {
  return clock instanceof VirtualClock;
}

export function createClock(mode: ClockMode, start?: Date): Clock {
  return mode === 'virtual' ? new VirtualClock(start) : new SystemClock();
}
