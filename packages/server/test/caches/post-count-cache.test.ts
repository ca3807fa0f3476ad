import type { Platform } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import type { WorkingSetPolicy } from '../../src/caches/lru-working-set.js';
import {
  POST_COUNTS_CAPACITY,
  POST_COUNTS_WORKING_SET,
  PostCountCache,
} from '../../src/caches/post-count-cache.js';
import { countWindow, otherFieldsKey, rowTest } from '../../src/db/post-count-query.js';
import type { PostCountQuery, StoredPostRecord } from '../../src/db/post-records-repo.js';
import { storedPostRecord } from '../helpers/post-record-fixture.js';

type Cache = PostCountCache<PostCountQuery, StoredPostRecord>;
const newCache = (workingSet: WorkingSetPolicy | null = null, capacity?: number): Cache =>
  new PostCountCache({
    otherKey: otherFieldsKey,
    workingSet,
    ...(capacity === undefined ? {} : { capacity }),
  });

/**
 * The limit answers kept beside the post records: found again by the same query (never by a
 * neighbouring one), and brought up to date by an insert they count.
 */
const SINCE = new Date('2026-03-02T00:00:00.000Z');
const AT = '2026-03-02T10:00:00.000Z';

/** The kept latest send for a start given as stored (ISO) text. */
function lastAt(answers: Cache, accountId: string, platform: Platform, since: string) {
  return answers.lastAtMs(accountId, platform, Date.parse(since));
}

function keep(answers: Cache, query: PostCountQuery, n: number): void {
  answers.keepCount(query, { n, counts: rowTest(countWindow(query)) });
}

function post(fields: Partial<StoredPostRecord> = {}): StoredPostRecord {
  return storedPostRecord(AT, fields);
}

describe('kept post counts', () => {
  it('answer only the query they were kept for', () => {
    const answers = newCache();
    keep(answers, { accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true }, 3);
    keep(
      answers,
      { accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true, withLinks: true },
      1,
    );
    keep(answers, { profileId: 'prof-1', since: SINCE }, 7);
    expect(answers.count({ accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true })).toBe(3);
    expect(
      answers.count({ accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true, withLinks: true }),
    ).toBe(1);
    expect(answers.count({ profileId: 'prof-1', since: SINCE })).toBe(7);
    // Neighbours: another subject, network, start, end, flag, or a second id beside the profile.
    expect(
      answers.count({ accountId: 'acc-2', platform: 'x', since: SINCE, countingOnly: true }),
    ).toBeUndefined();
    expect(
      answers.count({ accountId: 'acc-1', platform: 'linkedin', since: SINCE, countingOnly: true }),
    ).toBeUndefined();
    expect(
      answers.count({ accountId: 'acc-1', platform: 'x', since: new Date(0), countingOnly: true }),
    ).toBeUndefined();
    expect(answers.count({ accountId: 'acc-1', platform: 'x', since: SINCE })).toBeUndefined();
    expect(
      answers.count({
        accountId: 'acc-1',
        platform: 'x',
        since: SINCE,
        until: new Date(AT),
        countingOnly: true,
      }),
    ).toBeUndefined();
    expect(answers.count({ profileId: 'prof-1', accountId: 'acc-1', since: SINCE })).toBeUndefined();
    expect(answers.count({ accountId: 'prof-1', since: SINCE })).toBeUndefined();
  });

  it('count an insert that matches them, and only those', () => {
    const answers = newCache();
    keep(answers, { accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true }, 3);
    keep(
      answers,
      { accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true, withLinks: true },
      1,
    );
    keep(answers, { profileId: 'prof-1', since: SINCE }, 7);
    keep(answers, { profileId: 'prof-2', since: SINCE }, 2);
    answers.keepLastAt('acc-1', SINCE.toISOString(), new Map());
    answers.noteInserted(post(), AT);
    answers.noteInserted(post({ id: 'post-2', status: 'failed', platform: 'x' }), AT);
    expect(answers.count({ accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true })).toBe(4);
    expect(
      answers.count({ accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true, withLinks: true }),
    ).toBe(1);
    expect(answers.count({ profileId: 'prof-1', since: SINCE })).toBe(9);
    expect(answers.count({ profileId: 'prof-2', since: SINCE })).toBe(2);
    expect(lastAt(answers, 'acc-1', 'x', SINCE.toISOString())).toBe(AT);
    expect(lastAt(answers, 'acc-1', 'linkedin', SINCE.toISOString())).toBeNull();
    expect(lastAt(answers, 'acc-2', 'x', SINCE.toISOString())).toBeUndefined();
  });

  it("keep an account's counts, its profiles' and its latest sends together, and an insert updates each", () => {
    const answers = newCache(POST_COUNTS_WORKING_SET);
    const day = { accountId: 'acc-1', profileId: 'prof-1', since: SINCE };
    const otherProfile = { accountId: 'acc-1', profileId: 'prof-2', since: SINCE };
    const month = { accountId: 'acc-1', platform: 'x' as const, since: SINCE, countingOnly: true };
    const links = { ...month, withLinks: true };
    const otherAccount = { accountId: 'acc-2', profileId: 'prof-3', since: SINCE };
    keep(answers, day, 4);
    keep(answers, otherProfile, 6);
    keep(answers, month, 10);
    keep(answers, links, 2);
    keep(answers, otherAccount, 1);
    answers.keepLastAt('acc-1', SINCE.toISOString(), new Map([['linkedin', '2026-03-02T09:00:00.000Z']]));
    answers.noteInserted(
      post({ accountId: 'acc-1', profileId: 'prof-1', platform: 'x', hasLinks: true }),
      AT,
    );
    expect(answers.count(day)).toBe(5);
    expect(answers.count(otherProfile)).toBe(6);
    expect(answers.count(month)).toBe(11);
    expect(answers.count(links)).toBe(3);
    expect(answers.count(otherAccount)).toBe(1);
    expect(lastAt(answers, 'acc-1', 'x', SINCE.toISOString())).toBe(AT);
    expect(lastAt(answers, 'acc-1', 'linkedin', SINCE.toISOString())).toBe('2026-03-02T09:00:00.000Z');
    // A failed post counts as an attempt, not toward an allowance; another profile's only toward the account's.
    answers.noteInserted(
      post({ id: 'post-2', accountId: 'acc-1', profileId: 'prof-2', status: 'failed' }),
      AT,
    );
    answers.noteInserted(
      post({ id: 'post-3', accountId: 'acc-1', profileId: 'prof-2', platform: 'x', hasLinks: false }),
      AT,
    );
    expect(answers.count(day)).toBe(5);
    expect(answers.count(otherProfile)).toBe(8);
    expect(answers.count(month)).toBe(12);
    expect(answers.count(links)).toBe(3);
    // The same profile named without its account, or beside another account, is another question.
    expect(answers.count({ profileId: 'prof-1', since: SINCE })).toBeUndefined();
    expect(answers.count({ accountId: 'acc-2', profileId: 'prof-1', since: SINCE })).toBeUndefined();
  });

  it('never answer from an account dropped past the bound, even the one asked last', () => {
    const answers = newCache(null, 2);
    const first = { accountId: 'acc-1', since: SINCE };
    const second = { accountId: 'acc-1', since: SINCE, countingOnly: true };
    keep(answers, first, 1);
    answers.keepLastAt('acc-1', SINCE.toISOString(), new Map());
    // Two answers kept: the third drops the account's entry (the least recently asked) first.
    keep(answers, second, 2);
    expect(answers.count(first)).toBeUndefined();
    expect(lastAt(answers, 'acc-1', 'x', SINCE.toISOString())).toBeUndefined();
    expect(answers.count(second)).toBe(2);
  });

  it('answer the latest send on every network for any start from the one they were kept for on', () => {
    const answers = newCache();
    const from = '2026-03-02T09:59:40.000Z';
    answers.keepLastAt('acc-1', from, new Map([['linkedin', '2026-03-02T09:59:45.000Z']]));
    expect(lastAt(answers, 'acc-1', 'x', from)).toBeNull();
    expect(lastAt(answers, 'acc-1', 'linkedin', from)).toBe('2026-03-02T09:59:45.000Z');
    expect(lastAt(answers, 'acc-1', 'linkedin', '2026-03-02T09:59:50.000Z')).toBeNull();
    // An earlier start than the kept one is not known: asked again.
    expect(lastAt(answers, 'acc-1', 'x', '2026-03-02T09:59:39.999Z')).toBeUndefined();
    answers.noteInserted(post({ at: AT }), AT);
    expect(lastAt(answers, 'acc-1', 'x', from)).toBe(AT);
    expect(lastAt(answers, 'acc-1', 'x', AT)).toBe(AT);
    // A later start than the latest send: none since then.
    expect(lastAt(answers, 'acc-1', 'x', '2026-03-02T10:00:00.001Z')).toBeNull();
    // A row sent before the kept start changes nothing it answers.
    answers.noteInserted(
      post({ id: 'post-0', platform: 'threads', at: '2026-03-02T09:00:00.000Z' }),
      '2026-03-02T09:00:00.000Z',
    );
    expect(lastAt(answers, 'acc-1', 'threads', from)).toBeNull();
  });

  it('are all invalidated by invalidate', () => {
    const answers = newCache();
    keep(answers, { profileId: 'prof-1', since: SINCE }, 7);
    answers.keepLastAt('acc-1', SINCE.toISOString(), new Map([['x', AT]]));
    answers.invalidate();
    expect(answers.count({ profileId: 'prof-1', since: SINCE })).toBeUndefined();
    expect(lastAt(answers, 'acc-1', 'x', SINCE.toISOString())).toBeUndefined();
  });

  it('past the bound drop the least recently asked accounts first, not everything', () => {
    const answers = newCache();
    const query = (i: number): PostCountQuery => ({
      accountId: `acc-${i}`,
      since: SINCE,
      countingOnly: true,
    });
    for (let i = 0; i < POST_COUNTS_CAPACITY; i++) keep(answers, query(i), i);
    // Account 0 was asked again, so account 1 is now the least recently asked.
    expect(answers.count(query(0))).toBe(0);
    keep(answers, query(POST_COUNTS_CAPACITY), 5);
    expect(answers.count(query(1))).toBeUndefined();
    expect(answers.count(query(0))).toBe(0);
    expect(answers.count(query(2))).toBe(2);
    expect(answers.count(query(POST_COUNTS_CAPACITY))).toBe(5);
  });

  it('past the bound keep what was asked within the working set, up to its ceiling', () => {
    const clock = { now: 0 };
    const bound = 100;
    const answers = newCache({ ...POST_COUNTS_WORKING_SET, nowMs: () => clock.now }, bound);
    const ceiling = bound * POST_COUNTS_WORKING_SET.ceilingFactor;
    const query = (i: number): PostCountQuery => ({
      accountId: `acc-${i}`,
      since: SINCE,
      countingOnly: true,
    });
    // A rotation over more accounts than the bound, all within a minute: every answer stays.
    const rotation = bound * 2;
    for (let i = 0; i < rotation; i++) keep(answers, query(i), i);
    for (let i = 0; i < rotation; i++) expect(answers.count(query(i))).toBe(i);
    // Past the minute, answers nobody asked again go, down to the bound; the one asked again stays.
    clock.now += POST_COUNTS_WORKING_SET.inUseMs / 2;
    expect(answers.count(query(7))).toBe(7);
    clock.now += POST_COUNTS_WORKING_SET.inUseMs / 2;
    keep(answers, query(rotation), 1);
    let kept = 0;
    for (let i = 0; i <= rotation; i++) if (answers.count(query(i)) !== undefined) kept++;
    expect(kept).toBeLessThanOrEqual(bound);
    expect(answers.count(query(7))).toBe(7);
    expect(answers.count(query(rotation))).toBe(1);
    // The ceiling holds even when everything is in use.
    const last = rotation + ceiling + 10;
    for (let i = rotation + 1; i <= last; i++) keep(answers, query(i), i);
    kept = 0;
    for (let i = 0; i <= last; i++) if (answers.count(query(i)) !== undefined) kept++;
    expect(kept).toBeLessThanOrEqual(ceiling);
    expect(kept).toBeGreaterThan(bound);
    expect(answers.count(query(last))).toBe(last);
  });
});
