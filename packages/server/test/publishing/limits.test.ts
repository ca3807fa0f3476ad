import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, fixture, postingState, seedPosts, sendPost, setClock } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => t.close());

const text = (f: Fixture, platform: string, body = 'Hello', extra: Record<string, unknown> = {}) => ({
  post: { accountId: f.profileId, platform, content: { text: body }, ...extra },
});
const skool = { skool: { group: 'g1', title: 'T', label: 'l' } };

describe('request throttle', () => {
  it('answers 429 rate_limited inside 20 seconds on one network, and publishes after 20 seconds', async () => {
    const f = await fixture(t);
    expect((await sendPost(t, f.apiKey, text(f, 'x'))).status).toBe(200);
    await advance(t, 5);
    const second = await sendPost(t, f.apiKey, text(f, 'x', 'Hello again'));
    expect(second.status).toBe(429);
    expect(second.body.error).toMatchObject({ code: 'rate_limited', retry_after_seconds: 15 });
    expect(second.body.error?.['message']).toContain('15 seconds');
    expect(second.headers.get('retry-after')).toBe('15');
    expect((await sendPost(t, f.apiKey, text(f, 'linkedin'))).status).toBe(200);
    await advance(t, 15);
    // Another text: X refuses a duplicate of a recent post (403 x_rejected).
    expect((await sendPost(t, f.apiKey, text(f, 'x', 'Hello again'))).status).toBe(200);
  });

  it('answers skool one post per hour and 10 per day per account', async () => {
    const f = await fixture(t);
    expect((await sendPost(t, f.apiKey, text(f, 'skool', 'a', skool))).status).toBe(200);
    await advance(t, 60);
    const hour = await sendPost(t, f.apiKey, text(f, 'skool', 'b', skool));
    expect([hour.status, hour.body.error?.['code'], hour.body.error?.['retry_after_seconds']]).toEqual([
      429,
      'rate_limited',
      3540,
    ]);
    await advance(t, 3540);
    expect((await sendPost(t, f.apiKey, text(f, 'skool', 'c', skool))).status).toBe(200);
    seedPosts(t, f, 8, { platform: 'skool', at: new Date(t.services.clock.now().getTime() - 7_200_000) });
    await advance(t, 3600);
    const day = await sendPost(t, f.apiKey, text(f, 'skool', 'd', skool));
    expect([day.status, day.body.error?.['code']]).toEqual([429, 'rate_limited']);
    expect(day.body.error?.['message']).toContain('10 posts a day');
  });
});

describe('X add-on allowance', () => {
  it('counts posts with links and answers x_link_limit_reached at 20', async () => {
    const f = await fixture(t);
    seedPosts(t, f, 20, {
      platform: 'x',
      hasLinks: true,
      at: new Date(t.services.clock.now().getTime() - 60_000),
    });
    const before = postingState(t);
    const a = await sendPost(t, f.apiKey, text(f, 'x', 'See https://example.com/a and shop.example.io'));
    expect(a.status).toBe(429);
    expect(a.body.error).toMatchObject({
      code: 'x_link_limit_reached',
      used: 20,
      limit: 200,
      link_used: 20,
      link_limit: 20,
      detected_links: ['https://example.com/a', 'shop.example.io'],
      plan: 'skilled',
      resets_at: expect.any(String),
    });
    expect(postingState(t)).toEqual(before);
    // A post without links still goes out.
    expect((await sendPost(t, f.apiKey, text(f, 'x', 'No links here'))).status).toBe(200);
  });

  it('answers x_limit_reached at 200 posts in the billing month', async () => {
    const f = await fixture(t);
    seedPosts(t, f, 200, { platform: 'x', at: new Date(t.services.clock.now().getTime() - 60_000) });
    const a = await sendPost(t, f.apiKey, text(f, 'x'));
    expect(a.body.error).toMatchObject({ code: 'x_limit_reached', used: 200, limit: 200 });
  });
});

describe('publish attempts', () => {
  it('answers daily_attempts_exceeded at the ceiling, failed attempts included', async () => {
    const f = await fixture(t, { plan: 'beginner' });
    seedPosts(t, f, 80, { status: 'failed', at: new Date(t.services.clock.now().getTime() - 60_000) });
    const a = await sendPost(t, f.apiKey, text(f, 'linkedin'));
    expect(a.status).toBe(429);
    expect(a.body.error).toMatchObject({
      code: 'daily_attempts_exceeded',
      attempts: 80,
      ceiling: 80,
      plan: 'beginner',
    });
  });
});

describe('post allowance', () => {
  it('queues a Beginner post over 20 for the same time next UTC day', async () => {
    const f = await fixture(t, { plan: 'beginner' });
    seedPosts(t, f, 20, { at: new Date(t.services.clock.now().getTime() - 60_000) });
    const a = await sendPost(t, f.apiKey, text(f, 'linkedin', 'Hello', { linkedin: {} }));
    expect(a.status).toBe(202);
    const next = new Date(t.services.clock.now().getTime() + 86_400_000).toISOString();
    expect(a.body).toMatchObject({
      queued: true,
      code: 'queued_for_next_day',
      upgrade_url: expect.any(String),
      scheduled_at: next,
      limit: 20,
      used: 20,
      plan: 'beginner',
      service: { post_id: null, scheduled_post_id: a.body['scheduled_post_id'] },
    });
    const kept = t.services.repos.scheduledPosts.get(a.body['scheduled_post_id'] as string);
    expect(kept?.request).toMatchObject({ platform: 'linkedin', text: 'Hello' });
    expect(kept?.note).toContain('daily allowance');
  });

  it('answers Free over 30 in a month with monthly_limit_reached and queues nothing', async () => {
    await setClock(t, '2026-11-10T12:00:00.000Z');
    const f = await fixture(t, { plan: 'free', created_at: '2026-01-01T00:00:00.000Z' });
    seedPosts(t, f, 30, { at: new Date('2026-11-02T00:00:00.000Z') });
    const before = postingState(t);
    const a = await sendPost(t, f.apiKey, text(f, 'linkedin'));
    expect(a.status).toBe(429);
    expect(a.body.error).toMatchObject({
      code: 'monthly_limit_reached',
      upgrade_url: expect.any(String),
      used: 30,
      limit: 30,
      window: 'month',
      resets_at: '2026-12-01T00:00:00.000Z',
      plan: 'free',
      trial_available: true,
      retry_after_seconds: expect.any(Number),
    });
    expect(postingState(t)).toEqual(before);
  });

  it('gives an older Free account 5 per profile per day before 18 October 2026 (queued over it)', async () => {
    await setClock(t, '2026-10-10T12:00:00.000Z');
    const f = await fixture(t, { plan: 'free', created_at: '2026-01-01T00:00:00.000Z' });
    seedPosts(t, f, 5, { at: new Date('2026-10-10T08:00:00.000Z') });
    const a = await sendPost(t, f.apiKey, text(f, 'linkedin'));
    expect([a.status, a.body['code'], a.body['limit']]).toEqual([202, 'queued_for_next_day', 5]);
  });

  it('gives a Free account created since 18 September 2026 60 per month before the transition', async () => {
    await setClock(t, '2026-10-10T12:00:00.000Z');
    const f = await fixture(t, { plan: 'free', created_at: '2026-09-20T00:00:00.000Z' });
    seedPosts(t, f, 59, { at: new Date('2026-10-02T08:00:00.000Z') });
    expect((await sendPost(t, f.apiKey, text(f, 'linkedin'))).status).toBe(200);
    await advance(t, 20);
    const over = await sendPost(t, f.apiKey, text(f, 'linkedin'));
    expect(over.body.error).toMatchObject({ code: 'monthly_limit_reached', limit: 60, used: 60 });
  });

  it('refuses on 17 October 2026 an older account over its 5 whose October has 30', async () => {
    await setClock(t, '2026-10-17T12:00:00.000Z');
    const f = await fixture(t, { plan: 'free', created_at: '2026-01-01T00:00:00.000Z' });
    seedPosts(t, f, 25, { at: new Date('2026-10-05T08:00:00.000Z') });
    seedPosts(t, f, 5, { at: new Date('2026-10-17T08:00:00.000Z') });
    const a = await sendPost(t, f.apiKey, text(f, 'linkedin'));
    expect(a.body.error).toMatchObject({
      code: 'monthly_limit_reached',
      used: 30,
      limit: 30,
      resets_at: '2026-11-01T00:00:00.000Z',
    });
  });

  it('pauses from 18 October 2026 until 1 November when October already has 30 or more', async () => {
    await setClock(t, '2026-10-18T00:30:00.000Z');
    const f = await fixture(t, { plan: 'free', created_at: '2026-09-25T00:00:00.000Z' });
    seedPosts(t, f, 45, { at: new Date('2026-10-05T08:00:00.000Z') });
    const a = await sendPost(t, f.apiKey, text(f, 'linkedin'));
    expect(a.body.error).toMatchObject({
      code: 'monthly_limit_reached',
      used: 45,
      limit: 30,
      resets_at: '2026-11-01T00:00:00.000Z',
    });
  });

  it('does not refuse a scheduled post for the allowance at request time', async () => {
    await setClock(t, '2026-11-10T12:00:00.000Z');
    const f = await fixture(t, { plan: 'free', created_at: '2026-01-01T00:00:00.000Z' });
    seedPosts(t, f, 30, { at: new Date('2026-11-02T00:00:00.000Z') });
    const a = await sendPost(t, f.apiKey, text(f, 'linkedin', 'a', { scheduledFor: '2026-12-02T10:00:00Z' }));
    expect(a.status).toBe(202);
  });
});
