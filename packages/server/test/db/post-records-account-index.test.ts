import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { runMigrations } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { PostRecordsRepository, type StoredPostRecord } from '../../src/db/post-records-repo.js';
import { storedPostRecord } from '../helpers/post-record-fixture.js';

/**
 * Migration 012: the post records' three indexes by account, profile and network become one by
 * account that carries the columns the limits filter on. A database made before it keeps its rows,
 * and every limit query answers the same from the one index, without reading the table.
 */
const ACCOUNT = 'acc-1';
const DAY = '2026-03-02';

function post(n: number, fields: Partial<StoredPostRecord>): StoredPostRecord {
  return storedPostRecord(`${DAY}T10:00:${String(n).padStart(2, '0')}.000Z`, {
    id: `post-${n}`,
    accountId: ACCOUNT,
    ...fields,
  });
}

function indexesOf(db: BetterSqlite3.Database): string[] {
  return (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'post_records' AND sql IS NOT NULL",
      )
      .all() as { name: string }[]
  )
    .map((row) => row.name)
    .sort();
}

describe('post records indexed by account (migration 012)', () => {
  it('keeps the rows of an older database and answers every limit query from the one index', () => {
    const db = new BetterSqlite3(':memory:');
    runMigrations(
      db,
      MIGRATIONS.filter((m) => m.id < 12),
    );
    db.prepare("INSERT INTO accounts (id, plan, created_at) VALUES (?, 'skilled', ?)").run(
      ACCOUNT,
      `${DAY}T00:00:00.000Z`,
    );
    const before = new PostRecordsRepository(db);
    before.insert(post(1, {}));
    before.insert(post(2, { platform: 'linkedin', profileId: 'prof-2' }));
    before.insert(post(3, { status: 'failed', hasLinks: true }));
    expect(indexesOf(db)).toContain('post_records_profile_at');

    runMigrations(db, MIGRATIONS);
    expect(indexesOf(db)).toEqual([
      'post_records_account',
      'post_records_figures',
      'post_records_finish',
      // LinkedIn's partial index of its texts (migration 019) went with migration 028.
      'post_records_scheduled',
    ]);
    const repo = new PostRecordsRepository(db);
    repo.insert(post(4, { hasLinks: true }));
    const since = new Date(`${DAY}T00:00:00.000Z`);
    expect(repo.countPosts({ accountId: ACCOUNT, since })).toBe(4);
    expect(repo.countPosts({ accountId: ACCOUNT, profileId: 'prof-1', since })).toBe(3);
    expect(repo.countPosts({ accountId: ACCOUNT, platform: 'x', since, countingOnly: true })).toBe(2);
    expect(
      repo.countPosts({ accountId: ACCOUNT, platform: 'x', since, countingOnly: true, withLinks: true }),
    ).toBe(1);
    expect(repo.lastPostSince(ACCOUNT, 'linkedin', since)?.toISOString()).toBe(`${DAY}T10:00:02.000Z`);
    expect(repo.lastPostSince(ACCOUNT, 'linkedin', new Date(`${DAY}T10:00:03.000Z`))).toBeNull();
    expect(repo.lastPostSince(ACCOUNT, 'x', since)?.toISOString()).toBe(`${DAY}T10:00:04.000Z`);

    const from = since.toISOString();
    for (const [sql, ...params] of [
      [
        "SELECT COUNT(*) FROM post_records WHERE account_id = ? AND at >= ? AND profile_id = ? AND status <> 'failed'",
        ACCOUNT,
        from,
        'prof-1',
      ],
      [
        'SELECT COUNT(*) FROM post_records WHERE account_id = ? AND at >= ? AND platform = ? AND has_links = 1',
        ACCOUNT,
        from,
        'x',
      ],
      [
        'SELECT platform, MAX(at) FROM post_records WHERE account_id = ? AND at >= ? GROUP BY platform',
        ACCOUNT,
        from,
      ],
    ] as const) {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      expect(plan.map((row) => row.detail).join('; ')).toContain('COVERING INDEX post_records_account');
    }
  });

  it('answers the latest send on every network of an account from one read', () => {
    const db = new BetterSqlite3(':memory:');
    runMigrations(db, MIGRATIONS);
    db.prepare("INSERT INTO accounts (id, plan, created_at) VALUES (?, 'skilled', ?)").run(
      ACCOUNT,
      `${DAY}T00:00:00.000Z`,
    );
    const repo = new PostRecordsRepository(db);
    repo.insert(post(1, { platform: 'linkedin' }));
    const prepare = vi.spyOn(db, 'prepare');
    const reads = () => prepare.mock.calls.filter(([sql]) => sql.includes('MAX(at)')).length;
    const windowStart = new Date(`${DAY}T10:00:00.000Z`);
    expect(repo.lastPostSince(ACCOUNT, 'x', windowStart)).toBeNull();
    expect(reads()).toBe(1);
    // Another network, a later start (the wait's window moves on): answered from the same read.
    expect(repo.lastPostSince(ACCOUNT, 'linkedin', windowStart)?.toISOString()).toBe(`${DAY}T10:00:01.000Z`);
    expect(repo.lastPostSince(ACCOUNT, 'threads', new Date(`${DAY}T10:00:05.000Z`))).toBeNull();
    repo.insert(post(6, { platform: 'threads' }));
    expect(repo.lastPostSince(ACCOUNT, 'threads', new Date(`${DAY}T10:00:05.000Z`))?.toISOString()).toBe(
      `${DAY}T10:00:06.000Z`,
    );
    expect(reads()).toBe(1);
    // The read went back a day before the start asked: an earlier start within it asks nothing, and
    // a send before the start asked is not its answer.
    expect(repo.lastPostSince(ACCOUNT, 'linkedin', new Date(`${DAY}T09:00:00.000Z`))?.toISOString()).toBe(
      `${DAY}T10:00:01.000Z`,
    );
    expect(repo.lastPostSince(ACCOUNT, 'linkedin', new Date(`${DAY}T10:00:02.000Z`))).toBeNull();
    expect(reads()).toBe(1);
    // An earlier start than the one read is read again.
    expect(repo.lastPostSince(ACCOUNT, 'linkedin', new Date('2026-03-01T09:59:59.000Z'))?.toISOString()).toBe(
      `${DAY}T10:00:01.000Z`,
    );
    expect(reads()).toBe(2);
  });
});
