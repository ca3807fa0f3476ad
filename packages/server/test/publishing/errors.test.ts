import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addFile, addImage, fixture, postingState, sendPost } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

type Build = (f: Fixture, t: TestApp) => unknown;
const post = (fields: Record<string, unknown>) => (fx: Fixture) => ({
  post: { accountId: fx.profileId, ...fields },
});
const video = (fx: Fixture, tt: TestApp, fields = {}) => [addFile(tt, fx.accountId, fields)];
const image = (fx: Fixture, tt: TestApp) => [addImage(tt, fx.accountId)];
/** A post on `platform` whose content is only the files `files` adds, next to the option blocks in `fields`. */
const withMedia =
  (
    platform: string,
    files: (fx: Fixture, tt: TestApp) => string[],
    fields: Record<string, unknown> = {},
  ): Build =>
  (fx, tt) => ({
    post: { accountId: fx.profileId, platform, content: { mediaID: files(fx, tt) }, ...fields },
  });

// One row per refusal of "Errors, POST /posts" that the service itself answers.
const ROWS: Array<[string, number, string, Build, Record<string, unknown>?]> = [
  ['invalid JSON', 400, 'bad_request', () => '{"post": ', undefined],
  ['missing post', 400, 'bad_request', () => ({ nothing: true })],
  ['missing accountId', 400, 'bad_request', () => ({ post: { platform: 'x', content: { text: 'a' } } })],
  ['missing platform', 400, 'bad_request', (fx) => ({ post: { accountId: fx.profileId } })],
  ['unknown platform', 400, 'bad_request', post({ platform: 'myspace', content: { text: 'a' } })],
  ['bad dryRun', 400, 'bad_request', post({ platform: 'x', content: { text: 'a' }, dryRun: 'yes' })],
  ['no media where required', 400, 'bad_request', post({ platform: 'instagram', content: { text: 'a' } })],
  ['media sent as text', 400, 'bad_request', post({ platform: 'x', content: { text: 'a', mediaID: 'abc' } })],
  [
    'empty media without postType',
    400,
    'bad_request',
    post({ platform: 'facebook', content: { text: 'a', mediaID: [] } }),
  ],
  ['facebook text post without text', 400, 'bad_request', post({ platform: 'facebook', content: {} })],
  [
    'network not connected',
    400,
    'api_error',
    (fx, tt) => {
      tt.services.repos.connections.delete(fx.profileId, 'linkedin');
      return { post: { accountId: fx.profileId, platform: 'linkedin', content: { text: 'a' } } };
    },
  ],
  ['pinterest without boardId', 400, 'pinterest_board_required', withMedia('pinterest', image)],
  ['video pin', 400, 'bad_request', withMedia('pinterest', video, { pinterest: { boardId: 'b1' } })],
  [
    'skool without group and title',
    400,
    'bad_request',
    post({ platform: 'skool', content: { text: 'a' }, skool: {} }),
  ],
  [
    'skool group needing a label',
    400,
    'category_required',
    post({ platform: 'skool', content: { text: 'a' }, skool: { group: 'g1', title: 'T' } }),
  ],
  [
    'threads over 500 characters',
    400,
    'bad_request',
    post({ platform: 'threads', content: { text: 'x'.repeat(501) } }),
  ],
  [
    'threads over 20 files',
    400,
    'bad_request',
    withMedia('threads', (fx, tt) => Array.from({ length: 21 }, () => addImage(tt, fx.accountId))),
  ],
  [
    'scheduledFor without zone',
    400,
    'scheduled_for_invalid',
    post({ platform: 'x', content: { text: 'a' }, scheduledFor: '2026-03-05T10:00:00' }),
    { reason: 'no_time_zone' },
  ],
  [
    'scheduledFor unreadable',
    400,
    'scheduled_for_invalid',
    post({ platform: 'x', content: { text: 'a' }, scheduledFor: '01/10/2026' }),
    { reason: 'unreadable' },
  ],
  [
    'scheduledFor too far ahead',
    400,
    'scheduled_for_invalid',
    post({ platform: 'x', content: { text: 'a' }, scheduledFor: '2027-06-01T00:00:00Z' }),
    { reason: 'too_far_ahead' },
  ],
  [
    'youtube tags over budget',
    400,
    'youtube_tags_too_long',
    (fx, tt) => ({
      post: {
        accountId: fx.profileId,
        platform: 'youtube',
        content: { text: 'a', mediaID: video(fx, tt) },
        youtube: { privacyStatus: 'public', tags: Array.from({ length: 40 }, (_, i) => `tag number ${i}`) },
      },
    }),
    { max_tags_length: 500 },
  ],
  [
    'youtube without privacyStatus',
    400,
    'bad_request',
    (fx, tt) => ({
      post: { accountId: fx.profileId, platform: 'youtube', content: { text: 'a', mediaID: video(fx, tt) } },
    }),
  ],
  [
    'tiktok privacy level not allowed',
    400,
    'bad_request',
    withMedia('tiktok', video, { tiktok: { privacyLevel: 'FOLLOWER_OF_CREATOR' } }),
  ],
  [
    'tiktok branded content private',
    400,
    'bad_request',
    withMedia('tiktok', video, { tiktok: { privacyLevel: 'SELF_ONLY', isBrandedContent: true } }),
  ],
  [
    'instagram reel from an image',
    400,
    'media_wrong_for_post_type',
    withMedia('instagram', image, { instagram: { postType: 'reel' } }),
  ],
  [
    'required option block next to post',
    400,
    'options_outside_post',
    (fx, tt) => ({
      post: {
        accountId: fx.profileId,
        platform: 'pinterest',
        content: { mediaID: [addImage(tt, fx.accountId)] },
      },
      pinterest: { boardId: 'b1' },
    }),
  ],
  [
    'ambiguous profile name',
    400,
    'profile_name_ambiguous',
    async (fx, tt) => {
      await tt.admin('POST', `/accounts/${fx.accountId}/profiles`, { name: 'Twin', handle: '@twin1' });
      await tt.admin('POST', `/accounts/${fx.accountId}/profiles`, { name: 'TWIN', handle: '@twin2' });
      return { post: { accountId: 'twin', platform: 'x', content: { text: 'a' } } };
    },
  ],
  [
    'profile not on the account',
    403,
    'account_not_found',
    () => ({
      post: { accountId: '@nobody', platform: 'x', content: { text: 'a' } },
    }),
  ],
  [
    'media not found',
    404,
    'media_not_found',
    post({ platform: 'x', content: { text: 'a', mediaID: ['3f1c1b0e-0000-4000-8000-000000000000'] } }),
    { file_id: '3f1c1b0e-0000-4000-8000-000000000000' },
  ],
  [
    'upload not completed',
    404,
    'media_not_found',
    withMedia('x', (fx, tt) => video(fx, tt, { status: 'uploading' })),
  ],
  [
    'media still importing',
    409,
    'media_processing',
    withMedia('x', (fx, tt) => video(fx, tt, { status: 'processing' })),
    { retry_after_seconds: 30 },
  ],
  [
    'media import failed',
    422,
    'media_failed',
    withMedia('x', (fx, tt) => video(fx, tt, { status: 'failed' })),
  ],
  [
    'video over the network limit',
    413,
    'MEDIA_TOO_LARGE',
    withMedia('threads', (fx, tt) => video(fx, tt, { size: 2 * 1024 ** 3 })),
    { platform: 'threads', size_bytes: 2 * 1024 ** 3, max_video_bytes: 1024 ** 3 },
  ],
];

describe('POST /api/v2/posts refusals (Errors, POST /posts)', () => {
  it.each(ROWS)('answers %s with %i %s and changes nothing', async (_name, status, code, build, extra) => {
    const body = await build(f, t);
    const before = postingState(t);
    const answer = await sendPost(t, f.apiKey, body);
    expect(answer.status).toBe(status);
    expect(answer.body.error?.['code']).toBe(code);
    if (extra) expect(answer.body.error).toMatchObject(extra);
    expect(answer.body['service']).toBeUndefined();
    expect(postingState(t)).toEqual(before);
  });

  it.each([
    ['instagram', 'An instagram post needs media (content.mediaID).'],
    ['youtube', 'A youtube post needs media (content.mediaID).'],
  ])('names the network with the right article in the message (%s)', async (platform, message) => {
    const answer = await sendPost(t, f.apiKey, {
      post: { accountId: f.profileId, platform, content: { text: 'a' } },
    });
    expect(answer.body.error?.['message']).toBe(message);
  });

  it('lists the account profiles in error.profiles on account_not_found', async () => {
    const answer = await sendPost(t, f.apiKey, {
      post: { accountId: 'nobody', platform: 'x', content: { text: 'a' } },
    });
    expect(answer.body.error?.['profiles']).toEqual([
      expect.objectContaining({ profile_id: f.profileId, profile_name: 'Brand', handle: expect.any(String) }),
    ]);
  });

  it('answers youtube_tags_too_long with the tags to remove', async () => {
    const tags = ['a'.repeat(300), 'b'.repeat(150), 'c'.repeat(100)];
    const answer = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'youtube',
        content: { text: 't', mediaID: [addFile(t, f.accountId)] },
        youtube: { privacyStatus: 'public', tags },
      },
    });
    expect(answer.body.error).toMatchObject({
      tags_length: 552,
      max_tags_length: 500,
      remove_tags: ['c'.repeat(100)],
    });
  });

  it('answers a reconnect_required connection with the network 401 code', async () => {
    await t.admin('PATCH', `/profiles/${f.profileId}/networks/facebook`, { health: 'reconnect_required' });
    const answer = await sendPost(t, f.apiKey, {
      post: { accountId: f.profileId, platform: 'facebook', content: { text: 'a' } },
    });
    expect([answer.status, answer.body.error?.['code']]).toEqual([401, 'reconnect_required']);
  });

  it('sends Retry-After 30 with media_processing', async () => {
    const answer = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'x',
        content: { mediaID: [addFile(t, f.accountId, { status: 'processing' })] },
      },
    });
    expect(answer.headers.get('retry-after')).toBe('30');
  });

  it.each([
    ['skool on the Free plan', { plan: 'free' }, 'skool', 'beginner'],
    ['x without the X add-on', { x_addon: false }, 'x', 'x_addon'],
  ])('answers 403 plan_required for %s', async (_name, account, platform, required) => {
    const g = await fixture(t, account);
    const before = postingState(t);
    const answer = await sendPost(t, g.apiKey, {
      post: {
        accountId: g.profileId,
        platform,
        content: { text: 'a' },
        skool: { group: 'g1', title: 'T', label: 'l' },
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({
      code: 'plan_required',
      required,
      platform,
      plan: (account as { plan?: string }).plan ?? 'skilled',
      upgrade_url: expect.stringContaining('http'),
    });
    expect(postingState(t)).toEqual(before);
  });
});
