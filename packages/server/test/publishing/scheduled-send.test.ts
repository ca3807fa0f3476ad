import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture, seedPosts, sendPost, setClock } from '../helpers/publishing.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => t.close());

describe('sendScheduledPost (the scheduler send)', () => {
  it('sends the kept request through the network and records the scheduled post id', async () => {
    const f = await fixture(t);
    const at = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    const a = await sendPost(t, f.apiKey, {
      post: { accountId: f.profileId, platform: 'x', content: { text: 'Later' }, scheduledFor: at },
    });
    const scheduled = t.services.repos.scheduledPosts.get(a.body['scheduled_post_id'] as string);
    if (!scheduled) throw new Error('no scheduled post');
    const result = await t.services.publishing.sendScheduled(scheduled);
    expect(result.kind).toBe('sent');
    const postId = result.kind === 'sent' && 'postId' in result.sent ? result.sent.postId : null;
    expect(t.services.repos.postRecords.get(String(postId))).toMatchObject({
      status: 'success',
      scheduledPostId: scheduled.id,
    });
  });

  it('does not send a Free post over its month at send time', async () => {
    await setClock(t, '2026-11-10T12:00:00.000Z');
    const f = await fixture(t, { plan: 'free', created_at: '2026-01-01T00:00:00.000Z' });
    const a = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'linkedin',
        content: { text: 'x' },
        scheduledFor: '2026-11-20T10:00:00Z',
      },
    });
    seedPosts(t, f, 30, { at: new Date('2026-11-02T00:00:00.000Z') });
    const scheduled = t.services.repos.scheduledPosts.get(a.body['scheduled_post_id'] as string);
    if (!scheduled) throw new Error('no scheduled post');
    const result = await t.services.publishing.sendScheduled(scheduled);
    expect(result).toMatchObject({ kind: 'not_sent', code: 'monthly_limit_reached', status: 429 });
  });
});
