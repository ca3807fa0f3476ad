import BetterSqlite3 from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { LruCache } from '../../src/caches/lru-cache.js';
import { AccountsAnswerCache } from '../../src/domain/accounts-answer.js';
import { jpegCopy, PhotoWorker, photoMetadata } from '../../src/domain/media/photo-worker.js';
import { accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

/**
 * Issue 13 item 9: every cache the memory benchmark found growing has a bound, and each bound is
 * checked here by filling the cache far past it.
 */
describe('LruCache', () => {
  const db = new BetterSqlite3(':memory:');

  it('never keeps more than its capacity of single rows, dropping the oldest first', () => {
    const cache = new LruCache<{ id: number }>(db, 50);
    for (let i = 0; i < 1_000; i++) {
      cache.read(`k${i}`, () => ({ id: i }));
      expect(cache.weight).toBeLessThanOrEqual(50);
    }
    expect(cache.weight).toBe(50);
    let loads = 0;
    cache.read('k999', () => {
      loads++;
      return { id: 999 };
    });
    cache.read('k0', () => {
      loads++;
      return { id: 0 };
    });
    expect(loads).toBe(1);
  });

  it('counts a list by its length, so lists cannot hold more rows than the capacity', () => {
    const cache = new LruCache<number[]>(db, 100);
    for (let i = 0; i < 500; i++) {
      cache.read(`list${i}`, () => Array.from({ length: 1 + (i % 40) }, (_, n) => n));
      expect(cache.weight).toBeLessThanOrEqual(100);
    }
    // A list longer than the whole capacity is served but not kept.
    expect(cache.read('huge', () => Array.from({ length: 500 }, () => 1))).toHaveLength(500);
    expect(cache.weight).toBeLessThanOrEqual(100);
  });

  it('gives the weight back when an entry is forgotten or cleared', () => {
    const cache = new LruCache<number[]>(db, 100);
    cache.read('a', () => [1, 2, 3]);
    cache.read('b', () => [1]);
    cache.invalidate('a');
    expect(cache.weight).toBe(1);
    cache.clear();
    expect(cache.weight).toBe(0);
  });
});

describe('AccountsAnswerCache', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('never keeps more characters or answers than its limits', async () => {
    t = await testApp();
    const limits = { entries: 5, characters: 2_000 };
    const cache = new AccountsAnswerCache(t.services.repos, t.services.db, limits);
    const now = t.services.clock.now();
    for (let i = 0; i < 12; i++) {
      const f = await accountWithProfile(t, { x: {}, linkedin: {}, threads: {} });
      const json = cache.json(f.accountId, now);
      expect(json).toContain(f.profileId);
      expect(cache.kept.characters).toBeLessThanOrEqual(limits.characters);
      expect(cache.kept.entries).toBeLessThanOrEqual(limits.entries);
    }
    expect(cache.kept.entries).toBeGreaterThan(0);
  });

  it('serves an answer larger than the whole budget without keeping it', async () => {
    t = await testApp();
    const cache = new AccountsAnswerCache(t.services.repos, t.services.db, { entries: 5, characters: 10 });
    const f = await accountWithProfile(t, { x: {} });
    expect(cache.json(f.accountId, t.services.clock.now())).toContain(f.profileId);
    expect(cache.kept).toEqual({ entries: 0, characters: 0 });
  });
});

describe('photo conversions (sharp, libvips) in a worker process', () => {
  it('converts in a child process that ends once idle, so the server keeps none of its memory', async () => {
    const worker = new PhotoWorker(50);
    const png = await sharp({
      create: { width: 1500, height: 2500, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .png()
      .toBuffer();
    expect(await photoMetadata(png, worker)).toEqual({ width: 1500, height: 2500, progressive: false });
    const copy = await jpegCopy(png, { width: 1080, height: 1920 }, 90, worker);
    // Read at once: the worker ends 50 ms after its last photo, which a busy machine can spend
    // on the reads below.
    const child = worker.process;
    expect([copy.width, copy.height]).toEqual([1080, 1800]);
    expect((await sharp(copy.bytes).metadata()).format).toBe('jpeg');
    expect(child?.pid).toBeGreaterThan(0);
    expect(child?.pid).not.toBe(process.pid);
    // Ends by itself after its idle time: the wait is on the exit event, not a timer.
    if (child && child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    expect(worker.pid).toBeNull();
    // The next photo starts a new worker.
    expect((await photoMetadata(png, worker)).width).toBe(1500);
    worker.stop();
  });

  it('keeps a photo sent while the idle worker is ending for the new worker', async () => {
    const worker = new PhotoWorker(60_000);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await photoMetadata(png, worker)).width).toBe(4);
    const ending = worker.process;
    const ended = new Promise((resolve) => ending?.once('exit', resolve));
    // What the idle timer does, then a photo at once: the old process exits while the new one
    // starts, and its exit must not fail the photo the new process holds.
    worker.stop();
    const next = photoMetadata(png, worker);
    await ended;
    expect((await next).width).toBe(4);
    expect(worker.process).not.toBe(ending);
    worker.stop();
  });

  it('answers an unreadable photo with an error, not a crash of the worker', async () => {
    const worker = new PhotoWorker(50);
    await expect(photoMetadata(Buffer.from('not a photo at all'), worker)).rejects.toThrow(
      /could not be read/,
    );
    expect(
      (
        await photoMetadata(
          await sharp({ create: { width: 3, height: 2, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
          worker,
        )
      ).width,
    ).toBe(3);
    worker.stop();
  });
});
