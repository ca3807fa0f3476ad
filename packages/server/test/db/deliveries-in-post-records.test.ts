import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DeliveriesRepository } from '../../src/db/deliveries-repo.js';
import { runMigrations } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { PostRecordsRepository, type StoredPostRecord } from '../../src/db/post-records-repo.js';
import { storedPostRecord } from '../helpers/post-record-fixture.js';

/**
 * Migration 018: a kept delivery (what the network received) is four columns of its post record
 * instead of a row of its own table. An older database keeps every delivery, the inbox answers
 * the same, and its questions still read the post records' indexes.
 */
const ACCOUNT = 'acc-1';
const DAY = '2026-03-02';
const IMAGE = {
  kind: 'image' as const,
  type: 'image/png',
  size: 10,
  width: 1,
  height: 1,
  durationSeconds: null,
  fileId: 'file-1',
  url: null,
};

function post(n: number, fields: Partial<StoredPostRecord> = {}): StoredPostRecord {
  return storedPostRecord(`${DAY}T10:00:${String(n).padStart(2, '0')}.000Z`, {
    id: `post-${n}`,
    accountId: ACCOUNT,
    ...fields,
  });
}

function newDatabase(migrations = MIGRATIONS): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  db.pragma('foreign_keys = ON');
  runMigrations(db, migrations);
  db.prepare("INSERT INTO accounts (id, plan, created_at) VALUES (?, 'skilled', ?)").run(
    ACCOUNT,
    `${DAY}T00:00:00.000Z`,
  );
  return db;
}

const tables = (db: BetterSqlite3.Database): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
    (row) => row.name,
  );

const planOf = (db: BetterSqlite3.Database, sql: string, ...params: unknown[]): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
    .map((row) => row.detail)
    .join('; ');

describe('deliveries kept in their post records (migration 018)', () => {
  it('moves every delivery of an older database into its record', () => {
    const db = newDatabase(MIGRATIONS.filter((m) => m.id < 18));
    const before = new PostRecordsRepository(db);
    before.insert(post(1));
    before.insert(post(2, { platform: 'linkedin' }));
    before.insert(post(3, { status: 'failed' }));
    const deliver = db.prepare(
      'INSERT INTO deliveries (post_id, text, media, options, post_type) VALUES (?, ?, ?, ?, ?)',
    );
    deliver.run('post-1', 'Hello inbox', '[]', '{}', 'text');
    deliver.run('post-2', null, JSON.stringify([IMAGE]), '{"visibility":"PUBLIC"}', 'image');

    runMigrations(db, MIGRATIONS);
    expect(tables(db)).not.toContain('deliveries');
    const inbox = new DeliveriesRepository(db);
    expect(inbox.count({ accountId: ACCOUNT })).toBe(2);
    expect(inbox.list({ accountId: ACCOUNT, limit: 10 }).map((d) => [d.postId, d.text, d.postType])).toEqual([
      ['post-2', null, 'image'],
      ['post-1', 'Hello inbox', 'text'],
    ]);
    expect(inbox.getByPostId('post-2')).toMatchObject({
      media: [IMAGE],
      options: { visibility: 'PUBLIC' },
      platform: 'linkedin',
      status: 'success',
    });
    expect(inbox.getByPostId('post-3')).toBeNull();
    expect(inbox.list({ accountId: ACCOUNT, text: 'hello', limit: 10 }).map((d) => d.postId)).toEqual([
      'post-1',
    ]);
    // The records themselves read as before.
    expect(new PostRecordsRepository(db).get('post-3')?.status).toBe('failed');
  });

  it('writes a delivery in its record, clears it without the record, and deletes it with the account', () => {
    const db = newDatabase();
    const repo = new PostRecordsRepository(db);
    const inbox = new DeliveriesRepository(db);
    repo.insert(
      post(1, { delivery: { text: 'With media', media: [IMAGE], options: {}, postType: 'image' } }),
    );
    repo.insert(post(2, { status: 'failed', delivery: null }));
    expect(inbox.getByPostId('post-1')).toMatchObject({ text: 'With media', media: [IMAGE], options: {} });
    expect(inbox.getByPostId('post-2')).toBeNull();
    expect(repo.get('post-1')).not.toHaveProperty('delivery');

    expect(inbox.deleteForAccount(ACCOUNT)).toBe(1);
    expect(inbox.count({ accountId: ACCOUNT })).toBe(0);
    expect(repo.get('post-1')?.id).toBe('post-1');

    repo.insert(post(3, { delivery: { text: 'Again', media: [], options: {}, postType: 'text' } }));
    db.prepare('DELETE FROM accounts WHERE id = ?').run(ACCOUNT);
    expect(db.prepare('SELECT COUNT(*) AS n FROM post_records').get()).toEqual({ n: 0 });
  });

  it('reads the inbox and the list by the account index', () => {
    const db = newDatabase();
    const from = `${DAY}T00:00:00.000Z`;
    const inboxList = `SELECT p.id FROM post_records p WHERE p.account_id = ? AND p.delivery_media IS NOT NULL
      AND p.platform = ? AND p.at >= ? ORDER BY p.at DESC, p.id DESC LIMIT 20`;
    expect(planOf(db, inboxList, ACCOUNT, 'x', from)).toContain('USING INDEX post_records_account');
    expect(planOf(db, inboxList, ACCOUNT, 'x', from)).not.toContain('TEMP B-TREE');
    expect(
      planOf(
        db,
        'SELECT COUNT(*) FROM post_records p WHERE p.account_id = ? AND p.delivery_media IS NOT NULL',
        ACCOUNT,
      ),
    ).toContain('USING INDEX post_records_account');
    expect(
      planOf(db, 'SELECT id FROM post_records WHERE id = ? AND delivery_media IS NOT NULL', 'post-1'),
    ).toContain('USING INDEX sqlite_autoindex_post_records_1');
    const textSearch = `SELECT id, at FROM post_records WHERE account_id = ? AND delivery_text LIKE ? ESCAPE '\\'
      ORDER BY at DESC, id DESC LIMIT 20`;
    expect(planOf(db, textSearch, ACCOUNT, '%a%')).toContain('USING INDEX post_records_account');
  });

  it("keeps the network's result only for a post that finishes later", () => {
    const db = newDatabase();
    const repo = new PostRecordsRepository(db);
    const result = { status: 'published', post_id: '1', message: 'Published to x.' };
    repo.insert(post(1, { networkResult: result }));
    repo.insert(
      post(2, {
        status: 'processing',
        networkResult: result,
        finishAt: `${DAY}T10:05:00.000Z`,
        platform: 'tiktok',
      }),
    );
    expect(repo.get('post-1')?.networkResult).toBeNull();
    expect(repo.get('post-2')?.networkResult).toEqual(result);
  });
});
