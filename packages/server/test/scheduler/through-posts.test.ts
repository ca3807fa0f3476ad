import { LIMITS } from '@socialpub/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, getJson, insertPost, insertScheduled } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let fx: Fixture;

beforeEach(async () => {
  t = await testApp();
  fx = await accountWithProfile(t, { x: {} }, { x_addon: true });
});
afterEach(async () => {
  await t.close();
});

async function post(key: string, body: unknown) {
  const res = await t.api('POST', '/api/v2/posts', key, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const inSeconds = (seconds: number) =>
  new Date(t.services.clock.now().getTime() + seconds * 1000).toISOString();

describe('scheduled posts through POST /api/v2/posts', () => {
  it('lists a post scheduled over HTTP, sends it at its time and then lists the network post instead', async () => {
    const { status, body } = await post(fx.apiKey, {
      post: {
        accountId: fx.profileId,
        platform: 'x',
        content: { text: 'Later' },
        scheduledFor: inSeconds(120),
      },
    });
    expect(status).toBe(202);
    const id = String(body['scheduled_post_id']);
    const before = await getJson<{ data: { id: string; kind: string }[] }>(t, fx.apiKey, '/api/v2/posts');
    expect(before.body.data).toEqual([expect.objectContaining({ id, kind: 'scheduled_post' })]);
    await advance(t, 120);
    const after = await getJson<{ data: { kind: string; scheduled_post_id: string; status: string }[] }>(
      t,
      fx.apiKey,
      '/api/v2/posts',
    );
    expect(after.body.data).toEqual([
      expect.objectContaining({ kind: 'post', scheduled_post_id: id, status: 'success' }),
    ]);
  });

  it('cancels a post the API queued for the next day', async () => {
    const beginner = await accountWithProfile(t, { x: {} }, { plan: 'beginner', x_addon: true });
    // Sent a minute ago, so the 20-second wait does not answer first.
    const earlier = new Date(t.services.clock.now().getTime() - 60_000).toISOString();
    for (let i = 0; i < 20; i++) insertPost(t, beginner, { at: earlier });
    const queued = await post(beginner.apiKey, {
      post: { accountId: beginner.profileId, platform: 'x', content: { text: 'Over the allowance' } },
    });
    expect(queued.status).toBe(202);
    expect(queued.body['code']).toBe('queued_for_next_day');
    const id = String(queued.body['scheduled_post_id']);
    const res = await t.api('DELETE', `/api/v2/posts/${id}`, beginner.apiKey);
    expect(res.status).toBe(200);
    await advance(t, 86_400);
    expect(t.services.repos.postRecords.listForScheduledPost(id)).toHaveLength(0);
  });

  it('accepts the 500th waiting post and refuses the 501st with 409 scheduled_queue_full', async () => {
    const max = LIMITS.scheduling.maxWaitingPostsPerAccount;
    t.services.db.transaction(() => {
      for (let i = 0; i < max - 1; i++) insertScheduled(t, fx, { inSeconds: 3600 + i * 60 });
    })();
    const request = (seconds: number) => ({
      post: {
        accountId: fx.profileId,
        platform: 'x',
        content: { text: `Post ${seconds}` },
        scheduledFor: inSeconds(seconds),
      },
    });
    const last = await post(fx.apiKey, request(400_000));
    expect(last.status).toBe(202);
    expect(t.services.repos.scheduledPosts.countWaiting(fx.accountId)).toBe(max);
    const over = await post(fx.apiKey, request(500_000));
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: { code: 'scheduled_queue_full' } });
    expect(t.services.repos.scheduledPosts.countWaiting(fx.accountId)).toBe(max);
  });
});
