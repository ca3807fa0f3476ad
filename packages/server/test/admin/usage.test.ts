import { afterEach, describe, expect, it } from 'vitest';
import { accountWithProfile, CLOCK_START, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

async function usage(accountId: string): Promise<Record<string, unknown>> {
  const res = await t.admin('GET', `/accounts/${accountId}`);
  return ((await res.json()) as { usage: Record<string, unknown> }).usage;
}

describe('admin account usage', () => {
  it('shows the counters the limits read, moving when a post is published and one is scheduled', async () => {
    t = await testApp();
    const f = await accountWithProfile(t, { x: {} }, { plan: 'beginner', x_addon: true });
    const before = await usage(f.accountId);
    expect(before).toMatchObject({
      posts_this_month: 0,
      scheduled_waiting: 0,
      x_addon: { used: 0, limit: 200, link_used: 0, link_limit: 20 },
      profiles: [{ profile_id: f.profileId, posts_today: 0, attempts_today: 0, attempts_ceiling: 80 }],
      uploads: { open: 0, used_bytes_today: 0, held_bytes: 0, daily_budget_bytes: 2 * 1024 ** 3 },
    });

    const post = (body: unknown) =>
      t.api('POST', '/api/v2/posts', f.apiKey, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post({
          post: { accountId: f.profileId, platform: 'x', content: { text: 'see https://example.org' } },
        })
      ).status,
    ).toBe(200);
    const due = new Date(CLOCK_START.getTime() + 3 * 24 * 3600 * 1000).toISOString();
    const scheduled = await post({
      post: { accountId: f.profileId, platform: 'x', content: { text: 'later' }, scheduledFor: due },
    });
    expect(scheduled.status).toBe(202);

    expect(await usage(f.accountId)).toMatchObject({
      posts_this_month: 1,
      scheduled_waiting: 1,
      x_addon: { used: 1, link_used: 1 },
      profiles: [{ posts_today: 1, attempts_today: 1 }],
    });
  });
});
