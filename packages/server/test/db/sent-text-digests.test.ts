import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { PostRecordsRepository } from '../../src/db/post-records-repo.js';
import { textDigest } from '../../src/db/text-digest.js';
import { storedPostRecord } from '../helpers/post-record-fixture.js';

/**
 * Migration 028: LinkedIn's remembered texts (its duplicate rule has no window) live in
 * `sent_text_digests`, found by their key, instead of a partial index of the post records whose
 * condition named the network. X's and Facebook's digests stay in their rows.
 */
const AT = '2026-03-02T10:00:00.000Z';
const DIGEST_OF = (text: string) => textDigest(text);

function addAccount(db: BetterSqlite3.Database, id = 'acc-1'): void {
  db.prepare("INSERT INTO accounts (id, plan, created_at) VALUES (?, 'skilled', ?)").run(id, AT);
}

function insertOldRow(db: BetterSqlite3.Database, id: string, platform: string, text: string | null): void {
  db.prepare(
    `INSERT INTO post_records (id, account_id, profile_id, platform, status, at, updated_at, publish_id, text_digest)
     VALUES (?, 'acc-1', 'prof-1', ?, 'success', ?, ?, ?, ?)`,
  ).run(id, platform, AT, AT, `net-${id}`, text === null ? null : DIGEST_OF(text));
}

describe('the texts LinkedIn remembers for good (migration 028)', () => {
  it("moves an older database's LinkedIn digests to their table and drops the partial index", () => {
    const db = new BetterSqlite3(':memory:');
    runMigrations(
      db,
      MIGRATIONS.filter((m) => m.id < 28),
    );
    addAccount(db);
    insertOldRow(db, 'li-1', 'linkedin', 'We are hiring');
    insertOldRow(db, 'x-1', 'x', 'We are hiring');
    insertOldRow(db, 'li-2', 'linkedin', null);
    runMigrations(db, MIGRATIONS);

    expect(
      db
        .prepare('SELECT account_id, profile_id, platform, post_id, at, publish_id FROM sent_text_digests')
        .all(),
    ).toEqual([
      {
        account_id: 'acc-1',
        profile_id: 'prof-1',
        platform: 'linkedin',
        post_id: 'li-1',
        at: AT,
        publish_id: 'net-li-1',
      },
    ]);
    const digests = db.prepare('SELECT id, text_digest FROM post_records ORDER BY id').all() as {
      id: string;
      text_digest: Buffer | null;
    }[];
    expect(digests.map((row) => [row.id, row.text_digest !== null])).toEqual([
      ['li-1', false],
      ['li-2', false],
      ['x-1', true],
    ]);
    const repo = new PostRecordsRepository(db);
    const texts = repo.networkTexts;
    expect(texts.keptText('acc-1', 'prof-1', 'linkedin', DIGEST_OF('We are hiring'))?.networkPostId).toBe(
      'net-li-1',
    );
    expect(texts.keptText('acc-1', 'prof-1', 'linkedin', DIGEST_OF('We are not hiring'))).toBeNull();
    // X's digest is still read with the day's posts.
    expect(texts.acceptedSince('acc-1', 'prof-1', 'x', '2026-03-01T10:00:00.000Z')).toEqual([
      { at: AT, digest: DIGEST_OF('We are hiring'), networkPostId: 'net-x-1' },
    ]);
  });

  it('keeps no partial index on the post records whose condition compares a column with a value', () => {
    // SQLite compiles a statement again on every run when it binds a column that such a condition
    // compares (it checks whether the bound value lets it use the index): the limit counts by
    // network and the history reads would all pay it. Only "column IS NOT NULL" conditions.
    const db = openDatabase({ memory: true });
    const conditions = (
      db
        .prepare(
          "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'post_records' AND sql IS NOT NULL",
        )
        .all() as { sql: string }[]
    )
      .map((row) => /\bWHERE\s+([\s\S]*)$/i.exec(row.sql)?.[1]?.trim())
      .filter((condition): condition is string => condition !== undefined);
    expect(conditions.length).toBeGreaterThan(0);
    for (const condition of conditions) expect(condition).toMatch(/^\w+ IS NOT NULL$/);
    db.close();
  });

  it('writes a LinkedIn text beside its record, remembers it however old, and deletes it with the account', () => {
    const db = openDatabase({ memory: true });
    addAccount(db);
    const repo = new PostRecordsRepository(db);
    const digest = DIGEST_OF('Kept');
    repo.insert(
      storedPostRecord(AT, { id: 'li-1', platform: 'linkedin', publishId: 'urn:1', textDigest: digest }),
    );
    repo.insert(storedPostRecord(AT, { id: 'x-1', platform: 'x', publishId: 'x-1', textDigest: digest }));
    const row = (id: string) =>
      (
        db.prepare('SELECT text_digest FROM post_records WHERE id = ?').get(id) as {
          text_digest: Buffer | null;
        }
      ).text_digest;
    expect(row('li-1')).toBeNull();
    expect(row('x-1')?.equals(digest)).toBe(true);
    const fresh = new PostRecordsRepository(db);
    expect(fresh.networkTexts.keptText('acc-1', 'prof-1', 'linkedin', digest)?.networkPostId).toBe('urn:1');
    // Another profile, another network: not the same memory.
    expect(fresh.networkTexts.keptText('acc-1', 'prof-2', 'linkedin', digest)).toBeNull();
    expect(fresh.networkTexts.keptText('acc-1', 'prof-1', 'x', digest)).toBeNull();
    db.prepare('DELETE FROM accounts WHERE id = ?').run('acc-1');
    expect(db.prepare('SELECT COUNT(*) AS n FROM sent_text_digests').get()).toEqual({ n: 0 });
    db.close();
  });

  it('writes both or neither: a record refused leaves no remembered text', () => {
    const db = openDatabase({ memory: true });
    addAccount(db);
    const repo = new PostRecordsRepository(db);
    const post = storedPostRecord(AT, { id: 'li-1', platform: 'linkedin', textDigest: DIGEST_OF('Once') });
    repo.insert(post);
    // The same id again: the record is refused, and the text with it.
    expect(() => repo.insert({ ...post, textDigest: DIGEST_OF('Twice') })).toThrow();
    expect(db.prepare('SELECT COUNT(*) AS n FROM sent_text_digests').get()).toEqual({ n: 1 });
    db.close();
  });

  it('finds a text written after its first question, and again after a restart, however many are kept', async () => {
    const db = openDatabase({ memory: true });
    addAccount(db);
    const repo = new PostRecordsRepository(db);
    const kept = (r: PostRecordsRepository, text: string) =>
      r.networkTexts.keptText('acc-1', 'prof-1', 'linkedin', DIGEST_OF(text))?.networkPostId ?? null;
    // Asked before anything is kept: the filter is filled (empty) now and must follow the writes.
    expect(kept(repo, 'First')).toBeNull();
    repo.insert(
      storedPostRecord(AT, {
        id: 'li-1',
        platform: 'linkedin',
        publishId: 'urn:1',
        textDigest: DIGEST_OF('First'),
      }),
    );
    expect(kept(repo, 'First')).toBe('urn:1');
    // A publish's group commit, the way POST /posts records it.
    const publish = repo.insertCommitted(
      storedPostRecord(AT, {
        id: 'li-2',
        platform: 'linkedin',
        publishId: 'urn:2',
        textDigest: DIGEST_OF('Second'),
      }),
    );
    expect(kept(repo, 'Second')).toBe('urn:2');
    await publish;
    expect(kept(repo, 'Second')).toBe('urn:2');
    for (let i = 0; i < 300; i += 1) {
      repo.insert(
        storedPostRecord(AT, {
          id: `li-n${i}`,
          platform: 'linkedin',
          publishId: `urn:n${i}`,
          textDigest: DIGEST_OF(`Text ${i}`),
        }),
      );
    }
    // A restart: a new repository reads what the table holds.
    const restarted = new PostRecordsRepository(db);
    expect(kept(restarted, 'First')).toBe('urn:1');
    expect(kept(restarted, 'Second')).toBe('urn:2');
    for (let i = 0; i < 300; i += 1) expect(kept(restarted, `Text ${i}`)).toBe(`urn:n${i}`);
    expect(kept(restarted, 'Never sent')).toBeNull();
    expect(restarted.networkTexts.keptText('acc-1', 'prof-2', 'linkedin', DIGEST_OF('First'))).toBeNull();
    db.close();
  });
});
