import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, fixture, sendPost } from '../helpers/publishing.js';
import { type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

/**
 * A post that succeeds on the send carries its first figure collection in its own insert (one
 * commit per publish): the figures read at the send, the next collection 6 hours later, exactly
 * what the due collection right after the send used to write.
 */
let t: TestApp;
let fx: Fixture;
beforeEach(async () => {
  t = await testApp();
  fx = await fixture(t);
});
afterEach(() => t.close());

const SIX_HOURS = 6 * 3_600_000;
const publish = (platform: string, text: string) =>
  sendPost(t, fx.apiKey, { post: { accountId: fx.profileId, platform, content: { text } } });

describe('first figures of a publish', () => {
  it('are stored with the post record at the send, the next collection 6 hours later', async () => {
    const sentAt = t.services.clock.now();
    const answer = await publish('linkedin', 'first figures');
    expect(answer.status).toBe(200);
    const postId = (answer.body['service'] as { post_id: string }).post_id;
    const stored = t.services.repos.postRecords.get(postId);
    expect(stored?.figures?.polled_at).toBe(sentAt.toISOString());
    expect(stored?.nextFiguresAt).toBe(new Date(sentAt.getTime() + SIX_HOURS).toISOString());
    // Nothing of it is left due now: the send did the first collection.
    const due = t.services.repos.postRecords.nextFiguresDue();
    expect(due === null || due.at.getTime() > sentAt.getTime()).toBe(true);
  });

  it('follow the connection simulate.figures, and the 6-hour collection still runs', async () => {
    await t.admin('PATCH', `/profiles/${fx.profileId}/networks/threads`, {
      simulate: { figures: { views: 42, likes: 7 } },
    });
    const answer = await publish('threads', 'simulated figures');
    const postId = (answer.body['service'] as { post_id: string }).post_id;
    const first = t.services.repos.postRecords.get(postId);
    expect(first?.figures?.metrics).toMatchObject({ views: 42, likes: 7, comments: null });
    await advance(t, 6 * 3_600);
    const second = t.services.repos.postRecords.get(postId);
    expect(second?.figures?.polled_at).not.toBe(first?.figures?.polled_at);
    expect(second?.nextFiguresAt).toBe(
      new Date(new Date(first?.at ?? 0).getTime() + 2 * SIX_HOURS).toISOString(),
    );
  });

  it('are not taken for a post that failed', async () => {
    await t.admin('PATCH', `/profiles/${fx.profileId}/networks/x`, {
      simulate: { outcome: 'failed', error: { status: 502 } },
    });
    const answer = await publish('x', 'refused by the network');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const row = t.services.db
      .prepare('SELECT status, figures, next_figures_at FROM post_records WHERE account_id = ?')
      .get(fx.accountId) as { status: string; figures: string | null; next_figures_at: string | null };
    expect(row).toEqual({ status: 'failed', figures: null, next_figures_at: null });
  });
});
