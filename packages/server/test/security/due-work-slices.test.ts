import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clocks/virtual-clock.js';
import { DueWorkRunner, type DueWorkSource } from '../../src/due-work.js';

/** Busy work of about `ms` milliseconds on the event loop (what a send or a deletion costs). */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose: the runner must hand the loop back between slices of such work
  }
}

describe('moving a clock runs its due work in slices that yield to the event loop', () => {
  it('lets a callback queued before the move run while the items are still running', async () => {
    const clock = new VirtualClock(new Date('2026-03-01T00:00:00Z'));
    const runner = new DueWorkRunner(clock);
    const start = clock.now().getTime();
    const due = Array.from({ length: 100 }, (_, i) => start + (i + 1) * 1000);
    let immediateRan = false;
    const ranBeforeImmediate: number[] = [];
    const ranAfterImmediate: number[] = [];
    const source: DueWorkSource = {
      name: 'busy items',
      nextDueAt: () => (due.length > 0 ? new Date(due[0] ?? 0) : null),
      runNext: () => {
        due.shift();
        busy(3);
        (immediateRan ? ranAfterImmediate : ranBeforeImmediate).push(1);
      },
    };
    runner.addSource(source);
    setImmediate(() => {
      immediateRan = true;
    });
    expect(await runner.advanceTo(new Date(start + 200_000))).toBe(100);
    // Other work ran between slices: some items before the queued callback, the rest after it.
    expect(ranBeforeImmediate.length).toBeGreaterThan(0);
    expect(ranAfterImmediate.length).toBeGreaterThan(0);
    expect(ranBeforeImmediate.length + ranAfterImmediate.length).toBe(100);
  }, 30_000);
});
