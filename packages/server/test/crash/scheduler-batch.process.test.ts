import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { ScheduledPostsRepository } from '../../src/db/scheduled-posts-repo.js';
import { adminJson, crashRig, waitFor } from './crash-helpers.js';

/** The system clock on purpose: the drain must be under way, in real time, when the process dies. */
const rig = crashRig({ SOCIALPUB_CLOCK: 'system' });
const admin = <T>(url: string, method: string, body?: unknown) => adminJson<T>(url, method, body);

// Skilled accounts: no daily allowance; 400 sends each stay under the 500 publish attempts a month.
const ACCOUNTS = 10;
const POSTS_PER_ACCOUNT = 400;
const TOTAL = ACCOUNTS * POSTS_PER_ACCOUNT;

describe('SIGKILL while the scheduler commits sends that need no waiting together', () => {
  it('sends every post exactly once, none unconfirmed, none lost', async () => {
    const dataDir = rig.dataDir('socialpub-batch-crash-');
    const first = await rig.spawn(dataDir);
    const places: { accountId: string; profileId: string }[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const { account_id } = await admin<{ account_id: string }>(
        `${first.url}/admin/v1/accounts`,
        'POST',
        {},
      );
      const { profile_id } = await admin<{ profile_id: string }>(
        `${first.url}/admin/v1/accounts/${account_id}/profiles`,
        'POST',
        { name: `Batch ${i}` },
      );
      await admin(`${first.url}/admin/v1/profiles/${profile_id}/networks/linkedin`, 'PUT', {});
      places.push({ accountId: account_id, profileId: profile_id });
    }

    // Every post is written in one transaction, already due, so the running scheduler finds them
    // all on its next look and drains them as one busy minute.
    const db = openDatabase({ file: join(dataDir, 'socialpub.db') });
    const scheduled = new ScheduledPostsRepository(db);
    const due = new Date(Date.now() - 1_000).toISOString();
    db.transaction(() => {
      for (let i = 0; i < TOTAL; i++) {
        const place = places[i % ACCOUNTS];
        if (!place) throw new Error('no place');
        scheduled.insert({
          id: randomUUID(),
          accountId: place.accountId,
          profileId: place.profileId,
          platforms: ['linkedin'],
          at: due,
          scheduledFor: due,
          createdAt: due,
          note: null,
          mediaType: 'text',
          request: { text: `batch ${i}`, mediaIds: [], mediaUrls: [], options: {}, postType: 'text' },
        });
      }
    })();
    const countOf = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    const settled = () =>
      countOf("SELECT COUNT(*) AS n FROM scheduled_posts WHERE outcome NOT IN ('waiting', 'sending')");

    await waitFor(() => settled() > 0, 150_000, 2);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const beforeRestart = settled();
    // The kill fell in the middle of the drain: some sends committed, some not yet.
    expect(beforeRestart).toBeGreaterThan(0);
    expect(beforeRestart).toBeLessThan(TOTAL);
    // A committed send is whole: never marked sending without its record and outcome.
    expect(countOf("SELECT COUNT(*) AS n FROM scheduled_posts WHERE outcome = 'sending'")).toBe(0);

    const second = await rig.spawn(dataDir);
    await waitFor(() => settled() === TOTAL, 150_000);
    expect(countOf("SELECT COUNT(*) AS n FROM scheduled_posts WHERE outcome <> 'success'")).toBe(0);
    // Exactly one network record per scheduled post: nothing sent twice, nothing lost.
    expect(countOf('SELECT COUNT(*) AS n FROM post_records WHERE scheduled_post_id IS NOT NULL')).toBe(TOTAL);
    expect(
      countOf(
        'SELECT COUNT(DISTINCT scheduled_post_id) AS n FROM post_records WHERE scheduled_post_id IS NOT NULL',
      ),
    ).toBe(TOTAL);
    db.close();
    second.child.kill('SIGTERM');
  });
});
