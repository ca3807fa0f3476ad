import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { RowCache } from '../src/db/row-cache.js';
import { AccountsAnswerCache } from '../src/domain/accounts-answer.js';
import { loadSharp, SHARP_THREADS_PER_IMAGE } from '../src/domain/media/tiktok-photos.js';
import { accountWithProfile, type TestApp, testApp } from './helpers.js';

/**
 * Issue 13 item 9: every cache the memory benchmark found growing has a bound, and each bound is
 * checked here by filling the cache far past it.
 */
describe('RowCache', () => {
  const db = new BetterSqlite3(':memory:');

  it('never keeps more than its capacity of single rows, dropping the oldest first', () => {
    const cache = new RowCache<{ id: number }>(db, 50);
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
    const cache = new RowCache<number[]>(db, 100);
    for (let i = 0; i < 500; i++) {
      cache.read(`list${i}`, () => Array.from({ length: 1 + (i % 40) }, (_, n) => n));
      expect(cache.weight).toBeLessThanOrEqual(100);
    }
    // A list longer than the whole capacity is served but not kept.
    expect(cache.read('huge', () => Array.from({ length: 500 }, () => 1))).toHaveLength(500);
    expect(cache.weight).toBeLessThanOrEqual(100);
  });

  it('gives the weight back when an entry is forgotten or cleared', () => {
    const cache = new RowCache<number[]>(db, 100);
    cache.read('a', () => [1, 2, 3]);
    cache.read('b', () => [1]);
    cache.forget('a');
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

describe('sharp (libvips)', () => {
  it('keeps no operation cache and one thread per image after photos are converted', async () => {
    const sharp = await loadSharp();
    for (let i = 0; i < 5; i++) {
      await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: i, g: 0, b: 0 } } })
        .png()
        .toBuffer()
        .then((png) => sharp(png).resize(200).jpeg().toBuffer());
    }
    const stats = sharp.cache();
    expect(stats.memory.max).toBe(0);
    expect(stats.files.max).toBe(0);
    expect(stats.items.max).toBe(0);
    expect(stats.memory.current).toBe(0);
    expect(sharp.concurrency()).toBe(SHARP_THREADS_PER_IMAGE);
  });
});
