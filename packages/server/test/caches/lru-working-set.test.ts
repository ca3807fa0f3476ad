import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LruCache } from '../../src/caches/lru-cache.js';
import type { WorkingSetPolicy } from '../../src/caches/lru-working-set.js';
import { AccountsAnswerCache } from '../../src/domain/accounts-answer.js';
import { accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

// The request path's caches are sized by what is in use (caches/lru-working-set.ts): a rotation over more
// accounts than the ordinary bound must not miss on every lookup, and the ceiling still caps them.

const db = new BetterSqlite3(':memory:');
function policy(): WorkingSetPolicy & { now: number } {
  const p = { inUseMs: 60_000, ceilingFactor: 4, now: 0, nowMs: () => p.now };
  return p;
}
const counting = () => {
  let loads = 0;
  return {
    load: (i: number) => () => {
      loads++;
      return { id: i };
    },
    get loads() {
      return loads;
    },
  };
};

describe('LruCache', () => {
  it('drops the least recently used entry first', () => {
    const cache = new LruCache<{ id: number }>(db, 3);
    const l = counting();
    for (const i of [1, 2, 3, 1, 4]) cache.read(`k${i}`, l.load(i));
    expect(l.loads).toBe(4);
    cache.read('k1', l.load(1));
    expect(l.loads).toBe(4);
    cache.read('k2', l.load(2));
    expect(l.loads).toBe(5);
  });

  it('hit: answers a kept value as a read would, loads nothing on a miss, and counts as a use', () => {
    const p = policy();
    const cache = new LruCache<{ id: number }>(db, 50, p);
    expect(cache.hit('k0')).toBeUndefined();
    expect(cache.size).toBe(0);
    for (let i = 0; i < 50; i++) cache.read(`k${i}`, () => ({ id: i }));
    // k0 is used just before the in-use time runs out for the rest: it stays, k1 goes.
    p.now = 59_999;
    expect(cache.hit('k0')).toEqual({ id: 0 });
    p.now = 60_000;
    cache.read('k50', () => ({ id: 50 }));
    expect(cache.hit('k0')).toEqual({ id: 0 });
    expect(cache.hit('k1')).toBeUndefined();
    expect(cache.weight).toBe(50);
  });

  it('keeps a rotation larger than its capacity while in use: the second pass loads nothing', () => {
    const p = policy();
    const cache = new LruCache<{ id: number }>(db, 50, p);
    const l = counting();
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < 150; i++) {
        p.now += 10;
        cache.read(`k${i}`, l.load(i));
      }
    }
    expect(l.loads).toBe(150);
    expect(cache.weight).toBe(150);
  });

  it('never passes its ceiling, and lets entries unused for the in-use time go down to its capacity', () => {
    const p = policy();
    const cache = new LruCache<{ id: number }>(db, 50, p);
    for (let i = 0; i < 1_000; i++) {
      cache.read(`k${i}`, () => ({ id: i }));
      expect(cache.weight).toBeLessThanOrEqual(50 * p.ceilingFactor);
    }
    expect(cache.weight).toBe(50 * p.ceilingFactor);
    p.now += p.inUseMs;
    cache.read('fresh', () => ({ id: -1 }));
    expect(cache.weight).toBe(50);
  });
});

describe('AccountsAnswerCache', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('keeps the answers in use past its entry bound, up to the ceiling', async () => {
    t = await testApp();
    const p = policy();
    const cache = new AccountsAnswerCache(
      t.services.repos,
      t.services.db,
      { entries: 2, characters: 1_000_000 },
      p,
    );
    const now = t.services.clock.now();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await accountWithProfile(t)).accountId);
    for (const id of ids) cache.json(id, now);
    expect(cache.kept.entries).toBe(2 * p.ceilingFactor);
    p.now += p.inUseMs;
    cache.json(ids[0] as string, now);
    expect(cache.kept.entries).toBe(2);
  });
});
