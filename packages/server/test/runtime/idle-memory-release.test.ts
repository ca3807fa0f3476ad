import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleMemoryRelease, type IdleReleaseTiming } from '../../src/runtime/idle-memory-release.js';

/** Looks once a second, releases after 3 quiet seconds, retries 2 seconds after a failed try. */
const TIMING: IdleReleaseTiming = { quietMs: 3_000, lookMs: 1_000, retryMs: 2_000, tries: 3 };

function counting(answers: (attempt: number) => boolean) {
  let attempts = 0;
  const release = new IdleMemoryRelease(() => answers(++attempts), TIMING);
  const looks = (n: number) => {
    for (let i = 0; i < n; i++) release.tick();
    return attempts;
  };
  return { release, looks };
}

describe('the idle server gives memory back once per quiet spell', () => {
  let started: IdleMemoryRelease | null = null;
  afterEach(() => started?.stop());

  it('releases after the quiet time, not while requests arrive, and not twice for one spell', () => {
    const { release, looks } = counting(() => true);
    expect(looks(1)).toBe(0); // the first look sees the start
    release.noteRequest();
    expect(looks(1)).toBe(0);
    release.noteRequest();
    expect(looks(3)).toBe(0); // the request's look, then two quiet seconds
    expect(looks(1)).toBe(1); // the third quiet second
    expect(looks(10)).toBe(1);
    release.noteRequest();
    expect(looks(3)).toBe(1);
    expect(looks(1)).toBe(2);
  });

  it('releases once after start-up even when no request came', () => {
    const { looks } = counting(() => true);
    expect(looks(20)).toBe(1);
  });

  it('tries again retryMs after a try that got nothing back, up to three tries a spell', () => {
    const { looks } = counting((attempt) => attempt === 2);
    expect(looks(4)).toBe(1); // start, then three quiet seconds
    expect(looks(1)).toBe(1);
    expect(looks(1)).toBe(2); // two seconds later: it gets everything back
    expect(looks(20)).toBe(2);

    const stubborn = counting(() => false);
    expect(stubborn.looks(4)).toBe(1);
    expect(stubborn.looks(2)).toBe(2);
    expect(stubborn.looks(2)).toBe(3);
    expect(stubborn.looks(20)).toBe(3);
  });

  it('starts a new spell with all its tries after a request between tries', () => {
    const { release, looks } = counting(() => false);
    expect(looks(6)).toBe(2);
    release.noteRequest();
    expect(looks(4)).toBe(3);
    expect(looks(20)).toBe(5);
  });

  it("frees what nothing holds through V8's own collector", async () => {
    const { collectAllGarbage } = await import('../../src/runtime/garbage-collector.js');
    // A WeakRef's target is kept until the turn that made it ends: make it, then collect later.
    const ref = (() => new WeakRef({ payload: new Array(1000).fill('x') }))();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectAllGarbage();
    expect(ref.deref()).toBeUndefined();
  });

  it('runs on its own timer once started, and never keeps the process alive', () => {
    // The interval is the test's to advance: a busy machine's late timers skip looks, not time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let releases = 0;
      started = new IdleMemoryRelease(
        () => {
          releases++;
          return true;
        },
        { quietMs: 20, lookMs: 10, retryMs: 20, tries: 3 },
      );
      started.start();
      vi.advanceTimersByTime(20);
      expect(releases).toBe(0);
      vi.advanceTimersByTime(130);
      expect(releases).toBe(1);
    } finally {
      started?.stop();
      vi.useRealTimers();
    }
  });
});
