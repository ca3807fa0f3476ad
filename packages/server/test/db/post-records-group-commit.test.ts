import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { PostRecordsRepository, type StoredPostRecord } from '../../src/db/post-records-repo.js';
import { storedPostRecord } from '../helpers/post-record-fixture.js';
import { fixture, sendPost } from '../helpers/publishing.js';
import { testApp } from '../helpers/test-app.js';

/**
 * Publishes recorded in one turn of the event loop are committed together at its end, and each is
 * answered only once its row is committed (`insertCommitted`): the limits count the rows at once,
 * another connection sees them only after the commit, and one refused row fails alone.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const AT = '2026-03-02T10:00:00.000Z';
const SINCE = new Date('2026-03-02T00:00:00.000Z');

function fileDatabase(): { db: BetterSqlite3.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-group-'));
  dirs.push(dir);
  const file = join(dir, 'socialpub.db');
  const db = openDatabase({ file });
  for (const id of ['acc-1', 'acc-2']) {
    db.prepare("INSERT INTO accounts (id, plan, created_at) VALUES (?, 'skilled', ?)").run(id, AT);
  }
  return { db, file };
}

function post(id: string, fields: Partial<StoredPostRecord> = {}): StoredPostRecord {
  return storedPostRecord(AT, { id, ...fields });
}

/**
 * Transactions committed in the WAL file so far: frames whose header carries the database's size
 * after a commit, from the WAL's current start (its salt) on.
 */
function walCommits(file: string): number {
  const wal = readFileSync(`${file}-wal`);
  const pageSize = wal.readUInt32BE(8);
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (!wal.subarray(at + 8, at + 16).equals(wal.subarray(16, 24))) break;
    if (wal.readUInt32BE(at + 4) !== 0) commits += 1;
  }
  return commits;
}

/** Rows another connection sees: only committed ones. */
function committedIds(file: string): string[] {
  const reader = new BetterSqlite3(file, { readonly: true });
  try {
    return (reader.prepare('SELECT id FROM post_records ORDER BY id').all() as { id: string }[]).map(
      (row) => row.id,
    );
  } finally {
    reader.close();
  }
}

describe('post records committed together', () => {
  it('commit the publishes of one turn in one transaction, counted by the limits before it', async () => {
    const { db, file } = fileDatabase();
    const repo = new PostRecordsRepository(db);
    // Kept before the rows come: an insert brings it up to date.
    expect(repo.countPosts({ accountId: 'acc-1', since: SINCE })).toBe(0);
    const commitsBefore = walCommits(file);
    const done = [
      repo.insertCommitted(post('p1')),
      repo.insertCommitted(post('p2', { platform: 'linkedin' })),
      repo.insertCommitted(post('p3', { accountId: 'acc-2', status: 'failed' })),
    ];
    // Not committed yet, yet the limits see them (kept answers and questions asked afresh).
    expect(committedIds(file)).toEqual([]);
    expect(repo.countPosts({ accountId: 'acc-1', since: SINCE })).toBe(2);
    expect(repo.countPosts({ accountId: 'acc-2', since: SINCE })).toBe(1);
    expect(repo.countPosts({ accountId: 'acc-2', since: SINCE, countingOnly: true })).toBe(0);
    expect(repo.lastPostSince('acc-1', 'linkedin', SINCE)?.toISOString()).toBe(AT);
    expect(repo.lastPostSince('acc-2', 'linkedin', SINCE)).toBeNull();

    await Promise.all(done);
    expect(walCommits(file) - commitsBefore).toBe(1);
    expect(committedIds(file)).toEqual(['p1', 'p2', 'p3']);
    // Committed once: the counts do not count them again.
    expect(repo.countPosts({ accountId: 'acc-1', since: SINCE })).toBe(2);
    expect(repo.countPosts({ accountId: 'acc-2', since: SINCE })).toBe(1);
    db.close();
  });

  it('fail only the refused row of a group; the others are committed', async () => {
    const { db, file } = fileDatabase();
    const repo = new PostRecordsRepository(db);
    expect(repo.countPosts({ since: SINCE })).toBe(0);
    const good = repo.insertCommitted(post('p1'));
    // No such account: the foreign key refuses it (as an account deleted meanwhile would be).
    const refused = repo.insertCommitted(post('p2', { accountId: 'acc-gone' }));
    const alsoGood = repo.insertCommitted(post('p3', { platform: 'threads' }));
    await expect(refused).rejects.toThrow(/FOREIGN KEY/);
    await Promise.all([good, alsoGood]);
    expect(committedIds(file)).toEqual(['p1', 'p3']);
    // The kept answers counted the refused row: they are asked afresh.
    expect(repo.countPosts({ since: SINCE })).toBe(2);
    db.close();
  });

  it('are written at once when the database is about to close', () => {
    const { db, file } = fileDatabase();
    const repo = new PostRecordsRepository(db);
    const done = repo.insertCommitted(post('p1'));
    repo.flushPending();
    expect(committedIds(file)).toEqual(['p1']);
    db.close();
    return done;
  });

  it("leave a scheduled post's network post to its own insert, committed at once", async () => {
    const { db, file } = fileDatabase();
    const repo = new PostRecordsRepository(db);
    const done = repo.insertCommitted(post('p1', { scheduledPostId: 'sched-1' }));
    expect(committedIds(file)).toEqual(['p1']);
    await done;
    db.close();
  });

  it('join a transaction already open instead of waiting for the turn to end', async () => {
    const { db } = fileDatabase();
    const repo = new PostRecordsRepository(db);
    let waiting: Promise<void> = Promise.resolve();
    repo.transaction(() => {
      waiting = repo.insertCommitted(post('p1'));
    });
    expect(repo.get('p1')?.id).toBe('p1');
    await waiting;
    db.close();
  });
});

describe('a publish', () => {
  it('is answered only once its post record is committed', async () => {
    const t = await testApp();
    const f = await fixture(t);
    const repo = t.services.repos.postRecords;
    const insertCommitted = repo.insertCommitted.bind(repo);
    let commit = () => {};
    const committing = new Promise<void>((resolve) => {
      vi.spyOn(repo, 'insertCommitted').mockImplementation((post) => {
        const committed = insertCommitted(post);
        // The commit is held until the test lets it go.
        const held = new Promise<void>((release) => {
          commit = release;
        });
        resolve();
        return committed.then(() => held);
      });
    });
    let answered = false;
    const answer = sendPost(t, f.apiKey, {
      post: { accountId: f.profileId, platform: 'x', content: { text: 'held' } },
    }).then((a) => {
      answered = true;
      return a;
    });
    await committing;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    commit();
    expect((await answer).status).toBe(200);
    await t.close();
  });
});
