import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { COUNT_FIELDS } from '../../src/db/post-count-query.js';
import {
  type PostCountQuery,
  PostRecordsRepository,
  type StoredPostRecord,
} from '../../src/db/post-records-repo.js';
import { storedPostRecord } from '../helpers/post-record-fixture.js';

/**
 * The cached post counts follow the writes: after any write through the repository, the next
 * limit answer equals a count of the table itself, for every field a count may ask. A field added
 * to the counts' question without a query here fails the first test.
 */
const AT = '2026-03-02T10:00:00.000Z';
const SINCE = new Date('2026-03-02T00:00:00.000Z');
const UNTIL = new Date('2026-03-03T00:00:00.000Z');

const QUERIES: PostCountQuery[] = [
  { accountId: 'acc-1', since: SINCE },
  { accountId: 'acc-1', since: SINCE, until: UNTIL },
  { accountId: 'acc-1', profileId: 'prof-1', since: SINCE },
  { accountId: 'acc-1', platform: 'x', since: SINCE },
  { accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true },
  { accountId: 'acc-1', platform: 'x', since: SINCE, countingOnly: true, withLinks: true },
  { profileId: 'prof-1', since: SINCE },
  { profileId: 'prof-2', platform: 'linkedin', since: SINCE, until: UNTIL },
  { since: SINCE, withLinks: true },
];

let db: BetterSqlite3.Database | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
});

function setUp(): { repo: PostRecordsRepository; database: BetterSqlite3.Database } {
  const database = openDatabase({ memory: true });
  for (const id of ['acc-1', 'acc-2']) {
    database.prepare("INSERT INTO accounts (id, plan, created_at) VALUES (?, 'skilled', ?)").run(id, AT);
  }
  db = database;
  return { repo: new PostRecordsRepository(database), database };
}

/** The count asked of the table itself, written here by hand, never through the repository. */
function tableCount(database: BetterSqlite3.Database, query: PostCountQuery): number {
  const rows = database
    .prepare('SELECT account_id, profile_id, platform, status, has_links, at FROM post_records')
    .all() as {
    account_id: string;
    profile_id: string;
    platform: string;
    status: string;
    has_links: number;
    at: string;
  }[];
  return rows.filter(
    (row) =>
      row.at >= query.since.toISOString() &&
      (query.until === undefined || row.at < query.until.toISOString()) &&
      (query.accountId === undefined || row.account_id === query.accountId) &&
      (query.profileId === undefined || row.profile_id === query.profileId) &&
      (query.platform === undefined || row.platform === query.platform) &&
      (query.countingOnly !== true || row.status !== 'failed') &&
      (query.withLinks !== true || row.has_links === 1),
  ).length;
}

let seq = 0;
function post(fields: Partial<StoredPostRecord> = {}): StoredPostRecord {
  seq += 1;
  return storedPostRecord(AT, { id: `post-${seq}`, ...fields });
}

/** Rows each query counts one way or another: every field, on both sides of its condition. */
const VARIANTS: Partial<StoredPostRecord>[] = [
  {},
  { hasLinks: true },
  { status: 'failed' },
  { platform: 'linkedin', profileId: 'prof-2' },
  { accountId: 'acc-2', profileId: 'prof-3' },
  { at: '2026-03-03T00:00:00.000Z' },
  { at: '2026-03-01T23:59:59.999Z' },
];

/** Asks every query (so each is cached), writes, and checks each next answer against the table. */
function expectAnswersFollow(
  repo: PostRecordsRepository,
  database: BetterSqlite3.Database,
  write: () => void,
) {
  for (const query of QUERIES) repo.countPosts(query);
  write();
  for (const query of QUERIES)
    expect(repo.countPosts(query), JSON.stringify(query)).toBe(tableCount(database, query));
}

describe('cached post counts after a write through the repository', () => {
  it('cover every field a count may ask', () => {
    const asked = new Set(QUERIES.flatMap((query) => Object.keys(query)));
    expect([...COUNT_FIELDS].sort()).toEqual([...asked].sort());
  });

  it('follow a plain insert of each kind of row', () => {
    const { repo, database } = setUp();
    for (const fields of VARIANTS) expectAnswersFollow(repo, database, () => repo.insert(post(fields)));
  });

  it('follow an insert inside the repository transaction, and one rolled back', () => {
    const { repo, database } = setUp();
    for (const fields of VARIANTS) {
      expectAnswersFollow(repo, database, () => repo.transaction(() => repo.insert(post(fields))));
    }
    expectAnswersFollow(repo, database, () => {
      expect(() =>
        repo.transaction(() => {
          repo.insert(post());
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
    });
  });

  it('follow a publish waiting for its group commit, before and after the commit', async () => {
    const { repo, database } = setUp();
    for (const fields of VARIANTS) {
      for (const query of QUERIES) repo.countPosts(query);
      const committed = repo.insertCommitted(post(fields));
      // Not in the table yet: the answers count it already, as the table will once it is committed.
      const answers = QUERIES.map((query) => repo.countPosts(query));
      await committed;
      expect(answers).toEqual(QUERIES.map((query) => tableCount(database, query)));
      for (const query of QUERIES)
        expect(repo.countPosts(query), JSON.stringify(query)).toBe(tableCount(database, query));
    }
  });

  it("keep every other account's answers through a status change", () => {
    const { repo, database } = setUp();
    const sent = post({ status: 'processing' });
    repo.insert(sent);
    repo.insert(post({ accountId: 'acc-2', profileId: 'prof-3' }));
    const mine = { accountId: 'acc-1', since: SINCE, countingOnly: true };
    const theirs = { accountId: 'acc-2', since: SINCE, countingOnly: true };
    expect([repo.countPosts(mine), repo.countPosts(theirs)]).toEqual([1, 1]);
    const prepare = vi.spyOn(database, 'prepare');
    const reads = () => prepare.mock.calls.filter(([sql]) => sql.startsWith('SELECT COUNT(*)')).length;
    repo.update(sent.id, { status: 'failed' });
    expect(repo.countPosts(theirs)).toBe(1);
    expect(reads()).toBe(0);
    expect(repo.countPosts(mine)).toBe(0);
    expect(reads()).toBe(1);
  });

  it('follow a status change (a post that failed later stops counting for the allowance)', () => {
    const { repo, database } = setUp();
    const sent = post({ status: 'processing' });
    repo.insert(sent);
    expectAnswersFollow(repo, database, () => repo.update(sent.id, { status: 'failed' }));
    expectAnswersFollow(repo, database, () => repo.update(sent.id, { status: 'success' }));
  });
});
