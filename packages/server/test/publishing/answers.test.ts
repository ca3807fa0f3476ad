import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addFile, addImage, advance, fixture, postingState, sendPost } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

const simulate = (platform: string, value: Record<string, unknown>) =>
  t.admin('PATCH', `/profiles/${f.profileId}/networks/${platform}`, { simulate: value });
const text = (platform: string, extra: Record<string, unknown> = {}) => ({
  post: { accountId: f.profileId, platform, content: { text: 'Hello' }, ...extra },
});
const record = (id: unknown) => t.services.repos.postRecords.get(String(id));

describe('POST /api/v2/posts answers (Responses)', () => {
  it('answers 200 with the network result and service ids, and records a success', async () => {
    const a = await sendPost(t, f.apiKey, text('linkedin'));
    expect(a.status).toBe(200);
    const service = a.body['service'] as Record<string, string>;
    expect(service).toEqual({
      post_id: expect.any(String),
      scheduled_post_id: null,
      status_url: `http://127.0.0.1:8787/api/v2/posts/${service['post_id']}`,
    });
    expect(a.body['data']).toMatchObject({ status: 'published' });
    expect(record(service['post_id'])).toMatchObject({ status: 'success', scheduledPostId: null });
    expect(a.body['warnings']).toBeUndefined();
  });

  it('answers tiktok with data.status processing and flips the record to success after finish time', async () => {
    const a = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'tiktok',
        content: { mediaID: [addFile(t, f.accountId)] },
        tiktok: { privacyLevel: 'SELF_ONLY' },
      },
    });
    expect(a.status).toBe(200);
    expect(a.body['data']).toMatchObject({ status: 'processing' });
    const id = (a.body['service'] as { post_id: string }).post_id;
    expect(record(id)?.status).toBe('processing');
    await advance(t, 31);
    expect(record(id)).toMatchObject({ status: 'success', permalink: expect.any(String) });
  });

  it('answers every youtube upload 202 processing with job_id and post_id', async () => {
    const a = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'youtube',
        content: { text: 'T', mediaID: [addFile(t, f.accountId)] },
        youtube: { privacyStatus: 'public' },
      },
    });
    expect(a.status).toBe(202);
    expect(a.body['data']).toMatchObject({
      status: 'processing',
      job_id: expect.any(String),
      post_id: expect.any(String),
    });
    expect(a.body['service']).toMatchObject({ post_id: expect.any(String) });
  });

  it('answers a large x video 202 processing', async () => {
    const a = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'x',
        content: { mediaID: [addFile(t, f.accountId, { size: 200 * 1024 ** 2 })] },
      },
    });
    expect([a.status, (a.body['data'] as { status: string }).status]).toEqual([202, 'processing']);
  });

  it.each([
    ['facebook', true],
    ['linkedin', false],
  ])('answers still_publishing on %s (service present: %s)', async (platform, recorded) => {
    await simulate(platform, { outcome: 'still_publishing', finish_after_seconds: 40 });
    const a = await sendPost(t, f.apiKey, text(platform));
    expect(a.status).toBe(202);
    expect(a.body).toMatchObject({
      success: false,
      status: 'unknown',
      code: 'still_publishing',
      retry: false,
    });
    expect(a.body['service'] !== undefined).toBe(recorded);
    expect(postingState(t).post_records).toBe(recorded ? 1 : 0);
    await advance(t, 41);
    expect(postingState(t).post_records).toBe(1);
  });

  it('passes a network refusal on with its status, code and message, and service at the top level', async () => {
    await simulate('x', {
      next: [{ outcome: 'failed', error: { status: 403, code: 'x_rejected', message: 'Duplicate text.' } }],
    });
    const a = await sendPost(t, f.apiKey, text('x'));
    expect(a.status).toBe(403);
    expect(a.body.error).toEqual({ code: 'x_rejected', message: 'Duplicate text.' });
    const service = a.body['service'] as { post_id: string; scheduled_post_id: null; status_url: string };
    expect(service).toEqual({
      post_id: expect.any(String),
      scheduled_post_id: null,
      status_url: `http://127.0.0.1:8787/api/v2/posts/${service.post_id}`,
    });
    const id = service.post_id;
    expect(record(id)).toMatchObject({ status: 'failed', errorMessage: 'Duplicate text.' });
    // `next` was used once: the standing behaviour (success) applies again after the wait.
    await advance(t, 20);
    expect((await sendPost(t, f.apiKey, text('x'))).status).toBe(200);
  });

  it('derives platform_error for a network failure without a code', async () => {
    await simulate('threads', { outcome: 'failed', error: { status: 502 } });
    const a = await sendPost(t, f.apiKey, text('threads'));
    expect([a.status, a.body.error?.['code']]).toEqual([502, 'platform_error']);
  });

  it('answers 202 scheduled and keeps the request for send time', async () => {
    const at = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    const a = await sendPost(t, f.apiKey, text('x', { scheduledFor: at }));
    expect(a.status).toBe(202);
    const id = a.body['scheduled_post_id'] as string;
    expect(a.body).toMatchObject({
      scheduled: true,
      code: 'scheduled',
      scheduled_at: at,
      platform: 'x',
      profile_id: f.profileId,
      data: { status: 'scheduled', scheduled_post_id: id, scheduled_at: at },
      service: {
        post_id: null,
        scheduled_post_id: id,
        status_url: `http://127.0.0.1:8787/api/v2/posts/${id}`,
      },
    });
    expect(t.services.repos.scheduledPosts.get(id)?.request).toMatchObject({ platform: 'x', text: 'Hello' });
    expect(postingState(t).post_records).toBe(0);
  });

  it('publishes at once when scheduledFor is within 60 seconds', async () => {
    const at = new Date(t.services.clock.now().getTime() + 30_000).toISOString();
    expect((await sendPost(t, f.apiKey, text('x', { scheduledFor: at }))).status).toBe(200);
  });

  it('schedules without the 20-second wait', async () => {
    expect((await sendPost(t, f.apiKey, text('x'))).status).toBe(200);
    const at = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    expect((await sendPost(t, f.apiKey, text('x', { scheduledFor: at }))).status).toBe(202);
  });

  it('answers 409 scheduled_queue_full at 500 waiting posts', async () => {
    const at = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    for (let i = 0; i < 500; i += 1) {
      t.services.repos.scheduledPosts.insert({
        id: crypto.randomUUID(),
        accountId: f.accountId,
        profileId: f.profileId,
        platforms: ['x'],
        at,
        scheduledFor: at,
        createdAt: at,
        note: null,
        mediaType: 'text',
        request: {},
      });
    }
    const a = await sendPost(t, f.apiKey, text('x', { scheduledFor: at }));
    expect([a.status, a.body.error?.['code']]).toEqual([409, 'scheduled_queue_full']);
  });
});

describe('warnings', () => {
  it('names unknown fields, blocks of other networks and blocks next to post', async () => {
    const a = await sendPost(t, f.apiKey, {
      post: { accountId: f.profileId, platform: 'x', content: { text: 'a', colour: 1 }, tiktok: {} },
      linkedin: {},
    });
    const codes = (a.body['warnings'] as { code: string }[]).map((w) => w.code).sort();
    expect(codes).toEqual(['field_not_used', 'options_outside_post', 'unknown_field']);
  });

  it('names unsupported x options and the misnamed tiktok privacyStatus', async () => {
    const x = await sendPost(t, f.apiKey, text('x', { x: { madeWithAi: true, paidPartnership: true } }));
    expect((x.body['warnings'] as { field: string }[]).map((w) => w.field)).toEqual([
      'x.madeWithAi',
      'x.paidPartnership',
    ]);
    const tiktok = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'tiktok',
        content: { mediaID: [addFile(t, f.accountId)] },
        tiktok: { privacyLevel: 'SELF_ONLY', privacyStatus: 'SELF_ONLY' },
      },
    });
    expect(tiktok.status).toBe(200);
    expect(tiktok.body['warnings']).toEqual([expect.objectContaining({ field: 'tiktok.privacyStatus' })]);
  });

  it('warns photo-only and video-only tiktok options and reads the auto music phrase', async () => {
    const photo = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'tiktok',
        content: {
          text: 'Nice auto music: on',
          mediaID: [addImage(t, f.accountId), addImage(t, f.accountId)],
        },
        tiktok: { privacyLevel: 'SELF_ONLY', disabledDuet: true },
      },
    });
    expect(photo.body['warnings']).toEqual([expect.objectContaining({ field: 'tiktok.disabledDuet' })]);
    await advance(t, 20);
    const clip = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'tiktok',
        content: { mediaID: [addFile(t, f.accountId)] },
        tiktok: { privacyLevel: 'SELF_ONLY', autoAddMusic: true },
      },
    });
    expect(clip.body['warnings']).toEqual([expect.objectContaining({ field: 'tiktok.autoAddMusic' })]);
  });

  it('shortens long youtube titles and descriptions with warnings', async () => {
    const a = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'youtube',
        content: { text: 'd'.repeat(5001), mediaID: [addFile(t, f.accountId)] },
        youtube: { privacyStatus: 'public', title: 't'.repeat(101) },
      },
    });
    expect((a.body['warnings'] as { code: string }[]).map((w) => w.code)).toEqual([
      'title_shortened',
      'description_shortened',
    ]);
  });

  it('adds media_url_not_kept, posts_close_together and skool_one_post_per_hour to scheduled answers', async () => {
    const at = new Date(t.services.clock.now().getTime() + 3_600_000);
    const first = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'skool',
        content: { text: 'a', mediaUrls: ['https://media.example.invalid/a.jpg'] },
        skool: { group: 'g1', title: 'T', label: 'l' },
        scheduledFor: at.toISOString(),
      },
    });
    expect((first.body['warnings'] as { code: string }[]).map((w) => w.code)).toEqual(['media_url_not_kept']);
    const second = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'skool',
        content: { text: 'b' },
        skool: { group: 'g1', title: 'T', label: 'l' },
        scheduledFor: new Date(at.getTime() + 10_000).toISOString(),
      },
    });
    expect((second.body['warnings'] as { code: string }[]).map((w) => w.code)).toEqual([
      'posts_close_together',
      'skool_one_post_per_hour',
    ]);
  });
});
