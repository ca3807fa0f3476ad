import { describe, expect, it } from 'vitest';
import { LRU_CACHE_CAPACITY, LruCache } from '../../src/caches/lru-cache.js';
import { SIZED_FOR_ACCOUNTS, WORKING_SET } from '../../src/caches/lru-working-set.js';
import {
  ANSWERS_PER_ACCOUNT,
  POST_COUNTS_CAPACITY,
  POST_COUNTS_WORKING_SET,
  PostCountCache,
} from '../../src/caches/post-count-cache.js';
import { countWindow, otherFieldsKey, rowTest } from '../../src/db/post-count-query.js';
import type { PostCountQuery, StoredPostRecord } from '../../src/db/post-records-repo.js';

/**
 * The request path's per-account caches hold every account a server is sized for, even when each
 * account comes back only after the working set's minute (a rotation over all of them): the second
 * visit finds what the first kept. One account more than the bound, and the same rotation misses.
 */
const notInTransaction = { inTransaction: false };
/** Each account comes back four minutes after its last visit, well past the working set's minute. */
const ROTATION_MS = 4 * WORKING_SET.inUseMs;

function rowsLoadedOnSecondVisit(accounts: number): number {
  const clock = { now: 0 };
  const cache = new LruCache<string>(notInTransaction, LRU_CACHE_CAPACITY, {
    ...WORKING_SET,
    nowMs: () => clock.now,
  });
  let loads = 0;
  const load = (i: number) => () => {
    loads++;
    return `row-${i}`;
  };
  for (let pass = 0; pass < 2; pass++) {
    if (pass === 1) loads = 0;
    for (let i = 0; i < accounts; i++) {
      clock.now += ROTATION_MS / accounts;
      expect(cache.read(`acc-${i}`, load(i))).toBe(`row-${i}`);
    }
  }
  return loads;
}

function answersCountedAgain(accounts: number): number {
  const clock = { now: 0 };
  const cache = new PostCountCache<PostCountQuery, StoredPostRecord>({
    otherKey: otherFieldsKey,
    workingSet: { ...POST_COUNTS_WORKING_SET, nowMs: () => clock.now },
  });
  // An account's answers: counts over several windows, as one check asks them.
  const query = (i: number, k: number): PostCountQuery => ({
    accountId: `acc-${i}`,
    platform: 'x',
    since: new Date(Date.UTC(2026, 2, 2) + k * 1000),
    countingOnly: true,
  });
  let missing = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < accounts; i++) {
      clock.now += ROTATION_MS / accounts;
      for (let k = 0; k < ANSWERS_PER_ACCOUNT; k++) {
        const q = query(i, k);
        if (cache.count(q) !== undefined) continue;
        if (pass === 1) missing++;
        cache.keepCount(q, { n: k, counts: rowTest(countWindow(q)) });
      }
    }
  }
  return missing;
}

describe('caches sized for the accounts a server serves', () => {
  it('derive their bounds from the accounts', () => {
    expect(LRU_CACHE_CAPACITY).toBe(SIZED_FOR_ACCOUNTS);
    expect(POST_COUNTS_CAPACITY).toBe(SIZED_FOR_ACCOUNTS * ANSWERS_PER_ACCOUNT);
  });

  it('keep every account’s rows over a rotation slower than the working set’s minute', {
    timeout: 60_000,
  }, () => {
    expect(rowsLoadedOnSecondVisit(SIZED_FOR_ACCOUNTS)).toBe(0);
    expect(rowsLoadedOnSecondVisit(SIZED_FOR_ACCOUNTS + 1)).toBeGreaterThan(0);
  });

  it('keep every account’s limit answers over the same rotation', { timeout: 120_000 }, () => {
    expect(answersCountedAgain(SIZED_FOR_ACCOUNTS)).toBe(0);
    expect(answersCountedAgain(SIZED_FOR_ACCOUNTS + 1)).toBeGreaterThan(0);
  });
});
