import { PerformanceObserver } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { IdleMemoryRelease } from '../src/runtime/idle-memory-release.js';

/** Full collections V8 reports while `work` runs (gc entries arrive on a later turn). */
async function fullCollectionsDuring(work: () => void): Promise<number> {
  let full = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as unknown as { detail: { kind: number } }).detail.kind === 4) full++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  work();
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  return full;
}

describe('the idle server gives memory back once per quiet spell', () => {
  let release: IdleMemoryRelease | null = null;
  afterEach(() => release?.stop());

  it('releases after two quiet looks, not while requests arrive, and not twice for one spell', () => {
    let releases = 0;
    release = new IdleMemoryRelease(() => {
      releases++;
      return true;
    });
    release.tick(); // the first look sees the start
    release.noteRequest();
    release.tick();
    release.noteRequest();
    release.tick();
    expect(releases).toBe(0);
    release.tick();
    expect(releases).toBe(0);
    release.tick();
    expect(releases).toBe(1);
    release.tick();
    release.tick();
    expect(releases).toBe(1);
    release.noteRequest();
    release.tick();
    release.tick();
    expect(releases).toBe(1);
    release.tick();
    expect(releases).toBe(2);
  });

  it('releases once after start-up even when no request came', () => {
    let releases = 0;
    release = new IdleMemoryRelease(() => {
      releases++;
      return true;
    });
    for (let i = 0; i < 6; i++) release.tick();
    expect(releases).toBe(1);
  });

  it('tries again on the next looks while the release says it got nothing back, up to three times a spell', () => {
    let tries = 0;
    release = new IdleMemoryRelease(() => {
      tries++;
      return tries === 2;
    });
    for (let i = 0; i < 3; i++) release.tick();
    expect(tries).toBe(1);
    release.tick();
    expect(tries).toBe(2);
    for (let i = 0; i < 4; i++) release.tick();
    expect(tries).toBe(2);

    let failing = 0;
    const stubborn = new IdleMemoryRelease(() => {
      failing++;
      return false;
    });
    for (let i = 0; i < 10; i++) stubborn.tick();
    expect(failing).toBe(3);
  });

  it("runs V8's full collection through the server's own release", async () => {
    const { collectAllGarbage } = await import('../src/runtime/garbage-collector.js');
    expect(await fullCollectionsDuring(() => collectAllGarbage())).toBeGreaterThanOrEqual(1);
  });

  it('runs on its own timer once started, and never keeps the process alive', async () => {
    let releases = 0;
    release = new IdleMemoryRelease(() => {
      releases++;
      return true;
    }, 20);
    release.start();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(releases).toBe(1);
  });
});
