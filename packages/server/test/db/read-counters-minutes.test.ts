import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadCountersRepository } from '../../src/db/counters-repo.js';
import { WriteBehind } from '../../src/db/write-behind.js';
import { accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

// The read limit's counts (db/counters-repo.ts): an account's current minute lives in memory, and
// the table is asked only for a minute it may hold, i.e. one no later than the latest minute it
// held when the process opened it. A newer minute starts at zero without a query.

let t: TestApp;
let accounts: string[];

beforeEach(async () => {
  t = await testApp();
  accounts = [(await accountWithProfile(t, {})).accountId, (await accountWithProfile(t, {})).accountId];
});
afterEach(() => t.close());

const store = (accountId: string, minute: string, count: number) =>
  t.services.db
    .prepare("INSERT INTO read_counters (account_id, bucket, minute, count) VALUES (?, 'reads', ?, ?)")
    .run(accountId, minute, count);

/** A repository as a newly started process opens it, and how many times it asks the table. */
function opened(): { counters: ReadCountersRepository; queries: () => number } {
  const counters = new ReadCountersRepository(t.services.db, new WriteBehind(t.services.db));
  const prepare = vi.spyOn(t.services.db, 'prepare');
  return {
    counters,
    queries: () => prepare.mock.calls.filter(([sql]) => String(sql).startsWith('SELECT bucket')).length,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('read counts by minute', () => {
  it('reads the counts an earlier process stored for the minute, up to the latest stored minute', () => {
    store(accounts[0] as string, '2026-03-02T10:00', 60);
    store(accounts[1] as string, '2026-03-02T09:59', 7);
    const { counters, queries } = opened();
    expect(counters.current(accounts[0] as string, '2026-03-02T10:00').reads).toBe(60);
    expect(counters.current(accounts[1] as string, '2026-03-02T09:59').reads).toBe(7);
    expect(queries()).toBe(2);
  });

  it('starts a minute after every stored one at zero without asking the table', () => {
    store(accounts[0] as string, '2026-03-02T10:00', 60);
    const { counters, queries } = opened();
    expect(counters.current(accounts[0] as string, '2026-03-02T10:01').reads).toBe(0);
    expect(counters.current(accounts[1] as string, '2026-03-02T10:01').reads).toBe(0);
    expect(queries()).toBe(0);
  });

  it('finds again after a restart what this process saved for a minute it had no row of at start', () => {
    const first = opened().counters;
    const counts = first.current(accounts[0] as string, '2026-03-02T10:05');
    counts.reads = 42;
    first.counted(counts);
    t.services.db.transaction(() => first.writeWaiting()?.())();
    const { counters, queries } = opened();
    expect(counters.current(accounts[0] as string, '2026-03-02T10:05').reads).toBe(42);
    expect(queries()).toBe(1);
  });
});
