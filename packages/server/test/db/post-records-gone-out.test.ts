import { describe, expect, it } from 'vitest';
import { insertPost, insertScheduled, usePostsApp } from '../helpers/posts-fixtures.js';
import type { Fixture, TestApp } from '../helpers/test-app.js';

let t: TestApp;
let fx: Fixture;

usePostsApp((app) => {
  ({ t, fx } = app);
});

const goneOut = (id: string) => t.services.repos.scheduledPosts.get(id)?.goneOut;

/** Migration 013: the repository marks a scheduled post gone out, in the insert's transaction. */
describe('a post record naming a scheduled post', () => {
  it('marks it gone out when written on its own, with no trigger doing it', () => {
    const trigger = t.services.db
      .prepare(
        "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name = 'post_records_mark_gone_out'",
      )
      .get() as { n: number };
    expect(trigger.n).toBe(0);
    const id = insertScheduled(t, fx);
    const other = insertScheduled(t, fx);
    expect(goneOut(id)).toBe(false);
    insertPost(t, fx, { scheduledPostId: id });
    expect(goneOut(id)).toBe(true);
    expect(goneOut(other)).toBe(false);
  });

  it('marks it inside a surrounding transaction, and a rollback undoes both', () => {
    const id = insertScheduled(t, fx);
    const { postRecords } = t.services.repos;
    expect(() =>
      postRecords.transaction(() => {
        insertPost(t, fx, { scheduledPostId: id });
        expect(goneOut(id)).toBe(true);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(goneOut(id)).toBe(false);
    expect(postRecords.listForScheduledPost(id)).toHaveLength(0);
    postRecords.transaction(() => insertPost(t, fx, { scheduledPostId: id }));
    expect(goneOut(id)).toBe(true);
  });

  it('keeps the post counts the limits read up to date after an insert of its own', () => {
    const { postRecords } = t.services.repos;
    const since = new Date(0);
    const before = postRecords.countPosts({ accountId: fx.accountId, since });
    insertPost(t, fx, { scheduledPostId: insertScheduled(t, fx) });
    expect(postRecords.countPosts({ accountId: fx.accountId, since })).toBe(before + 1);
  });
});
