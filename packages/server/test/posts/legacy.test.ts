import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addFile, fixture, postingState, sendPost } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

const legacy = (body: unknown, headers?: Record<string, string>) =>
  sendPost(t, f.apiKey, body, { legacy: true, ...(headers ? { headers } : {}) });
const text = (accountId: string, platform = 'x', extra: Record<string, unknown> = {}) => ({
  post: { accountId, platform, content: { text: 'Hello' }, ...extra },
});

describe('POST /legacy/posts (Older addresses)', () => {
  it('publishes with the same answer shape and service ids', async () => {
    const a = await legacy(text(f.profileId));
    expect(a.status).toBe(200);
    expect(a.body['service']).toMatchObject({ post_id: expect.any(String), scheduled_post_id: null });
  });

  it('answers an unknown profile 404 api_error without starting the 20-second wait', async () => {
    const a = await legacy(text('@nobody'));
    expect([a.status, a.body.error?.['code']]).toEqual([404, 'api_error']);
    expect(a.body.error?.['profiles']).toBeUndefined();
    expect((await legacy(text(f.profileId))).status).toBe(200);
  });

  it.each([
    ['invalid JSON', '{"post"', 400],
    ['missing post', { nothing: 1 }, 400],
    ['bad dryRun', { dryRun: 1, post: { accountId: 'a', platform: 'x' } }, 400],
    ['media sent as text', { post: { accountId: 'a', platform: 'x', content: { mediaID: 'id' } } }, 400],
  ])('answers its own refusal %s with api_error', async (_name, body, status) => {
    const b =
      typeof body === 'string'
        ? body
        : JSON.parse(JSON.stringify(body).replace('"a"', JSON.stringify(f.profileId)));
    const a = await legacy(b);
    expect([a.status, a.body.error?.['code']]).toEqual([status, 'api_error']);
  });

  it('passes a network error without a derived code, and one the network gave with it', async () => {
    await t.admin('PATCH', `/profiles/${f.profileId}/networks/x`, {
      simulate: {
        next: [
          { outcome: 'failed', error: { status: 400, message: 'No.' } },
          { outcome: 'failed', error: { status: 403, code: 'x_rejected' } },
        ],
      },
    });
    const derived = await legacy(text(f.profileId));
    expect(derived.status).toBe(400);
    expect(derived.body.error).toEqual({ message: 'No.' });
    expect(derived.body['service']).toEqual(expect.objectContaining({ post_id: expect.any(String) }));
    await t.admin('POST', '/clock', { advance_seconds: 20 });
    const own = await legacy(text(f.profileId));
    expect([own.status, own.body.error?.['code']]).toEqual([403, 'x_rejected']);
  });

  it('names a status query on the media address in its media_processing answer', async () => {
    const fileId = addFile(t, f.accountId, { status: 'processing' });
    const a = await legacy({
      post: { accountId: f.profileId, platform: 'x', content: { mediaID: [fileId] } },
    });
    expect(a.status).toBe(409);
    expect(a.body.error?.['code']).toBe('media_processing');
    expect(a.body.error?.['message']).toContain(`/legacy/media?file_id=${fileId}`);
  });

  it('schedules the same way', async () => {
    const at = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    const a = await legacy(text(f.profileId, 'x', { scheduledFor: at }));
    expect([a.status, a.body['code']]).toEqual([202, 'scheduled']);
    expect(postingState(t).scheduled_posts).toBe(1);
  });
});
