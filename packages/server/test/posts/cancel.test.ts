import { describe, expect, it } from 'vitest';
import { advance, insertPost, insertScheduled, setSimulate, usePostsApp } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type Fixture, type TestApp } from '../helpers/test-app.js';

interface CancelBody {
  data: {
    scheduled_post_id: string;
    status: string;
    platforms: string[];
    was_due_at: string;
    message: string;
  };
  already_cancelled?: boolean;
}
interface ErrorBody {
  error: { code: string; status?: string; parameter?: string };
}

let t: TestApp;
let fx: Fixture;

usePostsApp((app) => {
  ({ t, fx } = app);
});

const cancel = async <T = CancelBody>(id: string, prefix = '/api/v2/posts', key = fx.apiKey) => {
  const res = await t.api('DELETE', `${prefix}/${id}`, key);
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
};

describe('DELETE /api/v2/posts/{id}', () => {
  it('cancels a waiting scheduled post and answers already_cancelled on a repeat', async () => {
    const id = insertScheduled(t, fx, { platforms: ['x', 'linkedin'], inSeconds: 600 });
    const dueAt = t.services.repos.scheduledPosts.get(id)?.at;
    const first = await cancel(id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      data: {
        scheduled_post_id: id,
        status: 'cancelled',
        platforms: ['x', 'linkedin'],
        was_due_at: dueAt,
        message: expect.any(String),
      },
    });
    const again = await cancel(id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ data: { status: 'cancelled' }, already_cancelled: true });
    await advance(t, 600);
    expect(t.services.repos.postRecords.listForScheduledPost(id)).toHaveLength(0);
  });

  it('cancels the same way on the older posts address', async () => {
    const id = insertScheduled(t, fx);
    const { status, body } = await cancel(id, '/legacy/posts');
    expect(status).toBe(200);
    expect(body.data.scheduled_post_id).toBe(id);
  });

  it.each([
    ['published', {}],
    ['failed', { error: { status: 403, code: 'x_rejected' } }],
  ])('answers 409 not_cancellable with error.status %s once it went out', async (expected, simulate) => {
    await setSimulate(t, fx, 'x', simulate);
    const id = insertScheduled(t, fx, { inSeconds: 61 });
    await advance(t, 61);
    const { status, body } = await cancel<ErrorBody>(id);
    expect(status).toBe(409);
    expect(body.error).toMatchObject({ code: 'not_cancellable', status: expected });
  });

  it('answers 409 not_cancellable with error.status processing while it is being sent', async () => {
    await setSimulate(t, fx, 'tiktok', { finish_after_seconds: 600 });
    const id = insertScheduled(t, fx, { platforms: ['tiktok'], inSeconds: 61 });
    await advance(t, 61);
    const { status, body } = await cancel<ErrorBody>(id);
    expect(status).toBe(409);
    expect(body.error).toMatchObject({ code: 'not_cancellable', status: 'processing' });
  });

  it('answers 409 not_cancellable for a post record: a post already out cannot be deleted', async () => {
    const postId = insertPost(t, fx);
    const { status, body } = await cancel<ErrorBody>(postId);
    expect(status).toBe(409);
    expect(body.error).toMatchObject({ code: 'not_cancellable', status: 'success' });
  });

  it('cancels a post the daily allowance moved to a later time', async () => {
    const beginner = await accountWithProfile(t, { x: {} }, { plan: 'beginner', x_addon: true });
    for (let i = 0; i < 20; i++) insertPost(t, beginner);
    const id = insertScheduled(t, beginner, { inSeconds: 61 });
    await advance(t, 61);
    expect(t.services.repos.scheduledPosts.get(id)?.note).not.toBeNull();
    const { status } = await cancel(id, '/api/v2/posts', beginner.apiKey);
    expect(status).toBe(200);
    await advance(t, 86_400);
    expect(t.services.repos.postRecords.listForScheduledPost(id)).toHaveLength(0);
  });

  it("answers 404 post_not_found for an unknown id and another account's scheduled post", async () => {
    const stranger = await accountWithProfile(t, { x: {} }, { x_addon: true });
    const theirs = insertScheduled(t, stranger);
    for (const id of [theirs, '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f']) {
      const { status, body } = await cancel<ErrorBody>(id);
      expect(status).toBe(404);
      expect(body.error.code).toBe('post_not_found');
    }
    expect(t.services.repos.scheduledPosts.get(theirs)?.outcome).toBe('waiting');
  });

  // "The older posts address takes DELETE on /{id} with the same answers."
  it.each(['/api/v2/posts', '/legacy/posts'])(
    'answers 400 bad_request with parameter id for a non-UUID id on %s',
    async (prefix) => {
      const { status, body } = await cancel<ErrorBody>('12345', prefix);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'bad_request', parameter: 'id' });
    },
  );

  it('keeps the older address its own 401 api_error on DELETE', async () => {
    const res = await t.api('DELETE', '/legacy/posts/12345', 'sp_live_unknown');
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.code).toBe('api_error');
  });

  it.each([
    ['PUT', '/api/v2/posts/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f'],
    ['GET', '/legacy/posts/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f'],
  ])('answers 405 for %s %s', async (method, path) => {
    const res = await t.api(method, path, fx.apiKey);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('DELETE');
  });

  it('counts a cancel in the request log', async () => {
    const id = insertScheduled(t, fx);
    await cancel(id);
    const logged = (await (await t.admin('GET', `/requests?account_id=${fx.accountId}`)).json()) as unknown;
    expect(JSON.stringify(logged)).toContain(`/api/v2/posts/${id}`);
  });
});
