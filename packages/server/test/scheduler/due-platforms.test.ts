import type { Platform } from '@socialpub/core';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { ScheduledPostsRepository } from '../../src/db/scheduled-posts-repo.js';

/**
 * A due post's networks are parsed once per distinct text: the posts of a batch naming the same
 * networks share one list, frozen, so no send can change another's.
 */
const ACCOUNT = 'acc-1';
const at = (minute: number) => `2026-03-02T10:${String(minute).padStart(2, '0')}:00.000Z`;

function repoWith(platformLists: Platform[][]): ScheduledPostsRepository {
  const db = new BetterSqlite3(':memory:');
  runMigrations(db, MIGRATIONS);
  db.prepare("INSERT INTO accounts (id, plan, created_at) VALUES (?, 'skilled', ?)").run(ACCOUNT, at(0));
  const repo = new ScheduledPostsRepository(db);
  platformLists.forEach((platforms, n) => {
    repo.insert({
      id: `sp-${n}`,
      accountId: ACCOUNT,
      profileId: `prof-${n}`,
      platforms,
      at: at(1),
      scheduledFor: at(1),
      createdAt: at(0),
      note: null,
      mediaType: 'text',
      request: { text: `post ${n}` },
    });
  });
  return repo;
}

describe('the networks of due posts', () => {
  it('reads the same networks as stored, one frozen list per distinct set', () => {
    const repo = repoWith([['x'], ['x', 'linkedin'], ['x'], ['x', 'linkedin']]);
    const due = repo.dueBatch(new Date(at(2)), 10);
    expect(due.map((post) => post.platforms)).toEqual([['x'], ['x', 'linkedin'], ['x'], ['x', 'linkedin']]);
    const [first, second, third, fourth] = due;
    expect(third?.platforms).toBe(first?.platforms);
    expect(fourth?.platforms).toBe(second?.platforms);
    expect(second?.platforms).not.toBe(first?.platforms);
    expect(Object.isFrozen(first?.platforms)).toBe(true);
    expect(() => first?.platforms.push('tiktok')).toThrow(TypeError);
    expect(repo.dueFirstPerProfile(new Date(at(2)), 10)[0]?.platforms).toBe(first?.platforms);
  });
});
