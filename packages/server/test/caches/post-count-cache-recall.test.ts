import { describe, expect, it } from 'vitest';
import type { AnswersSlot } from '../../src/caches/caller-facts-cache.js';
import type { WorkingSetPolicy } from '../../src/caches/lru-working-set.js';
import { PostCountCache } from '../../src/caches/post-count-cache.js';
import { countWindow, otherFieldsKey, rowTest } from '../../src/db/post-count-query.js';
import type { PostCountQuery, StoredPostRecord } from '../../src/db/post-records-repo.js';

type Cache = PostCountCache<PostCountQuery, StoredPostRecord>;
const newCache = (workingSet: WorkingSetPolicy | null = null, capacity?: number): Cache =>
  new PostCountCache({
    otherKey: otherFieldsKey,
    workingSet,
    ...(capacity === undefined ? {} : { capacity }),
  });

/**
 * A caller's slot finds its account's kept limit answers without the map (`recall`), only while
 * the entry it holds is still the map's entry of that account: after `invalidate`, after the bound
 * dropped it, or for another account, the slot's entry must never answer.
 */
const SINCE = new Date('2026-03-02T00:00:00.000Z');
const query = (accountId: string): PostCountQuery => ({ accountId, platform: 'x', since: SINCE });

function keep(answers: Cache, accountId: string, n: number): void {
  answers.keepCount(query(accountId), { n, counts: rowTest(countWindow(query(accountId))) });
}

/** The slot's account asked after another one, so the answer comes through the slot, not the last asked. */
function recalled(answers: Cache, accountId: string, slot: AnswersSlot): number | undefined {
  answers.recall('someone-else', { answers: undefined });
  answers.recall(accountId, slot);
  return answers.count(query(accountId));
}

describe('kept limit answers recalled through a caller slot', () => {
  it('answer as the map does, and keep the entry in the slot', () => {
    const answers = newCache();
    keep(answers, 'acc-1', 3);
    const slot: AnswersSlot = { answers: undefined };
    expect(recalled(answers, 'acc-1', slot)).toBe(3);
    expect(slot.answers).toBeDefined();
    keep(answers, 'acc-1', 4);
    expect(recalled(answers, 'acc-1', slot)).toBe(4);
  });

  it('never answer from an entry made before `invalidate`', () => {
    const answers = newCache();
    keep(answers, 'acc-1', 3);
    const slot: AnswersSlot = { answers: undefined };
    expect(recalled(answers, 'acc-1', slot)).toBe(3);
    answers.invalidate();
    expect(recalled(answers, 'acc-1', slot)).toBeUndefined();
    keep(answers, 'acc-1', 9);
    expect(recalled(answers, 'acc-1', slot)).toBe(9);
  });

  it('never answer from an entry the bound dropped', () => {
    const answers = newCache(null, 2);
    keep(answers, 'acc-1', 3);
    const slot: AnswersSlot = { answers: undefined };
    expect(recalled(answers, 'acc-1', slot)).toBe(3);
    // Past the bound of two answers the least recently asked account goes.
    keep(answers, 'acc-2', 1);
    keep(answers, 'acc-3', 1);
    keep(answers, 'acc-4', 1);
    expect(answers.count(query('acc-1'))).toBeUndefined();
    expect(recalled(answers, 'acc-1', slot)).toBeUndefined();
  });

  it("never answer one account's asks from another account's slot", () => {
    const answers = newCache();
    keep(answers, 'acc-1', 3);
    const slot: AnswersSlot = { answers: undefined };
    expect(recalled(answers, 'acc-1', slot)).toBe(3);
    expect(recalled(answers, 'acc-2', slot)).toBeUndefined();
  });
});
