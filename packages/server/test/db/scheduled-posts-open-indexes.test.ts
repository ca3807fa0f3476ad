import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MediaImportsRepository } from '../../src/db/media-imports-repo.js';
import { runMigrations } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import {
  type ScheduledPostsRepository as Repo,
  ScheduledPostsRepository,
  type StoredScheduledOutcome,
} from '../../src/db/scheduled-posts-repo.js';
import { listPostItems } from '../../src/domain/posts/post-list-query.js';

/**
 * Migration 017: the scheduled posts' indexes on `outcome` and `gone_out` hold open posts only, so
 * settling a sent post removes entries and adds none. A database made before it keeps its rows, and
 * every question about open posts answers the same, from an index.
 */
const ACCOUNT = 'acc-1';
const FILE = '5b0c7a52-7a4f-4a0e-9d1e-8f3f3b7c1a11';
const at = (minute: number) => `2026-03-02T10:${String(minute).padStart(2, '0')}:00.000Z`;

function addPost(repo: Repo, n: number, outcome: StoredScheduledOutcome): void {
  repo.insert({
    id: `sp-${n}`,
    accountId: ACCOUNT,
    profileId: 'prof-1',
    platforms: ['x'],
    at: at(n),
    scheduledFor: at(n),
    createdAt: at(0),
    note: null,
    mediaType: 'image',
    request: { text: `post ${n}`, mediaIds: n % 2 === 0 ? [FILE] : [], mediaUrls: [], options: {} },
    outcome,
    sendingStartedAt: outcome === 'sending' ? at(n) : null,
  });
}

/** Every question about open scheduled posts the server asks, with its answer. */
function answers(db: BetterSqlite3.Database) {
  const repo = new ScheduledPostsRepository(db);
  const ids = (posts: { id: string }[]) => posts.map((post) => post.id);
  return {
    waiting: repo.countWaiting(ACCOUNT),
    dueTimes: repo
      .waitingDueTimes(ACCOUNT, 'x', new Date(at(0)), new Date(at(59)))
      .map((d) => d.toISOString()),
    nextDue: repo.nextDueAt()?.toISOString(),
    due: ids(repo.dueBatch(new Date(at(59)), 100)),
    duePerProfile: ids(repo.dueFirstPerProfile(new Date(at(59)), 100)),
    sending: ids(repo.listSending()),
    usingFile: new MediaImportsRepository(db).latestWaitingPostUsing(ACCOUNT, FILE),
    listed: listPostItems(db, {
      accountId: ACCOUNT,
      kinds: ['scheduled_post'],
      statuses: [],
      platform: undefined,
      profileId: undefined,
      after: undefined,
      limit: 100,
    }).map((item) => item.id),
    listedWaiting: listPostItems(db, {
      accountId: ACCOUNT,
      kinds: ['scheduled_post'],
      statuses: ['scheduled'],
      platform: 'x',
      profileId: 'prof-1',
      after: { at: at(50), id: 'sp-9' },
      limit: 100,
    }).map((item) => item.id),
  };
}

function planOf(db: BetterSqlite3.Database, sql: string, ...params: unknown[]): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  return rows.map((row) => row.detail).join('; ');
}

describe('scheduled posts indexed by what is still open (migration 017)', () => {
  it('keeps the rows of an older database and answers every open-post question the same', () => {
    const db = new BetterSqlite3(':memory:');
    runMigrations(
      db,
      MIGRATIONS.filter((m) => m.id < 17),
    );
    db.prepare("INSERT INTO accounts (id, plan, created_at) VALUES (?, 'skilled', ?)").run(ACCOUNT, at(0));
    const repo = new ScheduledPostsRepository(db);
    const outcomes: StoredScheduledOutcome[] = ['waiting', 'sending', 'success', 'cancelled', 'failed'];
    for (let n = 1; n <= 30; n++) {
      const outcome = outcomes[n % outcomes.length] as StoredScheduledOutcome;
      addPost(repo, n, outcome);
    }
    db.prepare("UPDATE scheduled_posts SET gone_out = 1 WHERE outcome = 'success'").run();
    const before = answers(db);
    const rowsBefore = db.prepare('SELECT * FROM scheduled_posts ORDER BY id').all();
    expect(before.waiting).toBe(6);
    expect(before.sending).toHaveLength(6);

    runMigrations(db, MIGRATIONS);
    expect(db.prepare('SELECT * FROM scheduled_posts ORDER BY id').all()).toEqual(rowsBefore);
    expect(answers(db)).toEqual(before);
  });

  it('answers the open-post questions from the open-post indexes', () => {
    const db = new BetterSqlite3(':memory:');
    runMigrations(db, MIGRATIONS);
    const notOnClock = 'account_id NOT IN (SELECT id FROM accounts WHERE clock_id IS NOT NULL)';
    const cases: [string, string, unknown[]][] = [
      [
        `SELECT * FROM scheduled_posts WHERE outcome = 'waiting' AND at <= ? AND ${notOnClock} ORDER BY at, seq LIMIT 10`,
        'scheduled_posts_due',
        [at(1)],
      ],
      [
        "SELECT COUNT(*) AS n FROM scheduled_posts WHERE account_id = ? AND outcome = 'waiting'",
        'scheduled_posts_waiting',
        [ACCOUNT],
      ],
      ["SELECT * FROM scheduled_posts WHERE outcome = 'sending'", 'scheduled_posts_sending', []],
      [
        'SELECT id, at FROM scheduled_posts WHERE account_id = ? AND gone_out = 0 ORDER BY at DESC, id DESC LIMIT 10',
        'scheduled_posts_list',
        [ACCOUNT],
      ],
    ];
    for (const [sql, index, params] of cases) {
      const plan = planOf(db, sql, ...params);
      expect(plan).toContain(`INDEX ${index}`);
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });

  it('leaves a settled post out of every open-post index', () => {
    const db = new BetterSqlite3(':memory:');
    runMigrations(db, MIGRATIONS);
    db.prepare("INSERT INTO accounts (id, plan, created_at) VALUES (?, 'skilled', ?)").run(ACCOUNT, at(0));
    const repo = new ScheduledPostsRepository(db);
    addPost(repo, 1, 'waiting');
    const entries = (index: string) =>
      (
        db
          .prepare(`SELECT COUNT(*) AS n FROM scheduled_posts INDEXED BY ${index} WHERE ${OPEN[index]}`)
          .get() as {
          n: number;
        }
      ).n;
    expect(Object.keys(OPEN).map(entries)).toEqual([1, 1, 0, 1]);
    repo.markSending('sp-1', new Date(at(1)));
    expect(Object.keys(OPEN).map(entries)).toEqual([0, 0, 1, 1]);
    repo.setOutcome('sp-1', 'success', new Date(at(2)));
    db.prepare('UPDATE scheduled_posts SET gone_out = 1').run();
    expect(Object.keys(OPEN).map(entries)).toEqual([0, 0, 0, 0]);
    // The row itself stays, found through the account's plain index.
    expect(planOf(db, 'SELECT id FROM scheduled_posts WHERE account_id = ?', ACCOUNT)).toContain(
      'scheduled_posts_account',
    );
    expect(repo.get('sp-1')?.outcome).toBe('success');
  });
});

/** Each open-post index with the condition it holds (SQLite reads a partial index only under it). */
const OPEN: Record<string, string> = {
  scheduled_posts_due: "outcome = 'waiting'",
  scheduled_posts_waiting: "outcome = 'waiting' AND account_id IS NOT NULL",
  scheduled_posts_sending: "outcome = 'sending' AND account_id IS NOT NULL",
  scheduled_posts_list: 'gone_out = 0 AND account_id IS NOT NULL',
};
