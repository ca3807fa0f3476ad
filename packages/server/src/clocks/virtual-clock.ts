import { CLOCK_PAST_LATEST_MESSAGE, LATEST_CLOCK_TIME, LATEST_STORED_TIME } from '@socialpub/core';

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

/** The latest time any virtual clock may show (core's LATEST_CLOCK_TIME). */
export const LATEST_CLOCK_MS = Date.parse(LATEST_CLOCK_TIME);

/** Times computed from a clock (expiries) are stored no later than this (core's LATEST_STORED_TIME). */
export const LATEST_STORED_MS = Date.parse(LATEST_STORED_TIME);

/** Thrown when a clock is asked to move past LATEST_CLOCK_TIME (the admin API answers 400). */
export class ClockPastLatestError extends Error {
  constructor(readonly requested: Date) {
    super(CLOCK_PAST_LATEST_MESSAGE);
    this.name = 'ClockPastLatestError';
  }
}

/** Throws ClockPastLatestError when `target` is past the latest time a clock may show. */
export function assertClockTarget(target: Date): void {
  if (!(target.getTime() <= LATEST_CLOCK_MS)) throw new ClockPastLatestError(target);
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
    assertClockTarget(date);
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
