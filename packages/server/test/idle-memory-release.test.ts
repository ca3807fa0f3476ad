import { afterEach, describe, expect, it } from 'vitest';
import { IdleMemoryRelease } from '../src/runtime/idle-memory-release.js';

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

    // A request between tries starts a new spell with all three tries.
    let interrupted = 0;
    const fresh = new IdleMemoryRelease(() => {
      interrupted++;
      return false;
    });
    for (let i = 0; i < 4; i++) fresh.tick();
    expect(interrupted).toBe(2);
    fresh.noteRequest();
    for (let i = 0; i < 10; i++) fresh.tick();
    expect(interrupted).toBe(5);
  });

  it("frees what nothing holds through V8's own collector", async () => {
    const { collectAllGarbage } = await import('../src/runtime/garbage-collector.js');
    // A WeakRef's target is kept until the turn that made it ends: make it, then collect later.
    const ref = (() => new WeakRef({ payload: new Array(1000).fill('x') }))();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectAllGarbage();
    expect(ref.deref()).toBeUndefined();
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
