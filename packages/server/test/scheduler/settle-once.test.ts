import { afterEach, describe, expect, it } from 'vitest';
import { advance, insertPost, insertScheduled } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

/**
 * A scheduled post sent and settled inside the drain's transaction is written once: the insert of
 * its network post leaves `gone_out` to the settling write, which sets it with the outcome. Either
 * way the list then shows the network's post in its place, and a rollback undoes both.
 */
let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const scheduledRow = (id: string) =>
  t.services.db.prepare('SELECT outcome, gone_out FROM scheduled_posts WHERE id = ?').get(id) as {
    outcome: string;
    gone_out: number;
  };

describe('a scheduled send settled in one write', () => {
  it('sets gone out with the outcome, and a rollback undoes the post record and both', async () => {
    t = await testApp();
    const fx = await accountWithProfile(t, { x: {} });
    const { postRecords, scheduledPosts } = t.services.repos;
    const id = insertScheduled(t, fx, { inSeconds: 61 });
    const now = t.services.clock.now();
    expect(() => postRecords.insertingForSettle(() => undefined)).toThrow(/inside the settling transaction/);
    expect(() =>
      postRecords.transaction(() => {
        const postId = postRecords.insertingForSettle(() => insertPost(t, fx, { scheduledPostId: id }));
        expect(scheduledRow(id)).toEqual({ outcome: 'waiting', gone_out: 0 });
        expect(postRecords.statusOf(postId)).toBe('success');
        const [due] = scheduledPosts.dueBatch(new Date(now.getTime() + 61_000), 1);
        if (due?.id !== id) throw new Error('the scheduled post was not due');
        expect(scheduledPosts.settleDue(due, 'success', now, now, null, true)).toBe(true);
        expect(scheduledRow(id)).toEqual({ outcome: 'success', gone_out: 1 });
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(scheduledRow(id)).toEqual({ outcome: 'waiting', gone_out: 0 });
    expect(postRecords.listForScheduledPost(id)).toHaveLength(0);
    // Outside that call an insert marks it gone out itself, as before.
    postRecords.transaction(() => insertPost(t, fx, { scheduledPostId: id }));
    expect(scheduledRow(id).gone_out).toBe(1);
  }, 60_000);

  it('writes each due post of a drain once, gone out, with the network post listed in its place', async () => {
    t = await testApp();
    const fx = await accountWithProfile(t, { x: {} }, { x_addon: true });
    const ids = [insertScheduled(t, fx, { inSeconds: 61 }), insertScheduled(t, fx, { inSeconds: 61 })];
    const { db } = t.services;
    db.exec(`CREATE TEMP TABLE scheduled_writes (id TEXT);
      CREATE TEMP TRIGGER count_scheduled_writes AFTER UPDATE ON main.scheduled_posts
      BEGIN INSERT INTO scheduled_writes VALUES (NEW.id); END;`);
    await advance(t, 61);
    for (const id of ids) {
      expect(scheduledRow(id)).toEqual({ outcome: 'success', gone_out: 1 });
      expect(t.services.repos.postRecords.listForScheduledPost(id)).toHaveLength(1);
    }
    const writes = db.prepare('SELECT id, COUNT(*) AS n FROM scheduled_writes GROUP BY id ORDER BY id').all();
    expect(writes).toEqual([...ids].sort().map((id) => ({ id, n: 1 })));
  }, 60_000);
});
