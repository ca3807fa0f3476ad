import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addFile, fixture, postingState, seedPosts, sendPost } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

const inAnHour = () => new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();

describe('dry run', () => {
  it.each([
    [
      'dryRun next to post',
      () => ({ dryRun: true, post: { accountId: f.profileId, platform: 'x', content: { text: 'a' } } }),
    ],
    [
      'dryRun inside post',
      () => ({ post: { accountId: f.profileId, platform: 'x', content: { text: 'a' }, dryRun: true } }),
    ],
    [
      'validate instead of post',
      () => ({ validate: { accountId: f.profileId, platform: 'x', content: { text: 'a' } } }),
    ],
  ])('answers outcome publish for %s and sends, counts and records nothing', async (_name, body) => {
    const before = postingState(t);
    const a = await sendPost(t, f.apiKey, body());
    expect(a.status).toBe(200);
    expect(a.body).toEqual({
      dry_run: true,
      outcome: 'publish',
      would_publish: true,
      reason: { code: null, status: 200 },
      warnings: [],
    });
    expect(postingState(t)).toEqual(before);
    // Nothing counted: a real post right after takes no 20-second wait.
    expect(
      (
        await sendPost(t, f.apiKey, {
          post: { accountId: f.profileId, platform: 'x', content: { text: 'a' } },
        })
      ).status,
    ).toBe(200);
  });

  it('answers a refusal as 200 outcome refuse with the code and status it would answer', async () => {
    const a = await sendPost(t, f.apiKey, {
      validate: {
        accountId: f.profileId,
        platform: 'pinterest',
        content: { mediaID: [addFile(t, f.accountId, { kind: 'image', type: 'image/jpeg' })] },
      },
    });
    expect(a.body).toMatchObject({
      dry_run: true,
      outcome: 'refuse',
      would_publish: false,
      reason: { code: 'pinterest_board_required', status: 400 },
    });
  });

  it('answers outcome schedule and creates no scheduled post', async () => {
    const before = postingState(t);
    const a = await sendPost(t, f.apiKey, {
      validate: { accountId: f.profileId, platform: 'x', content: { text: 'a' }, scheduledFor: inAnHour() },
    });
    expect(a.body).toMatchObject({
      outcome: 'schedule',
      would_publish: false,
      reason: { code: 'scheduled', status: 202 },
    });
    expect(postingState(t)).toEqual(before);
  });

  it('answers outcome queue over a Beginner daily allowance', async () => {
    const g = await fixture(t, { plan: 'beginner' });
    seedPosts(t, g, 20, { at: new Date(t.services.clock.now().getTime() - 60_000) });
    const a = await sendPost(t, g.apiKey, {
      validate: { accountId: g.profileId, platform: 'linkedin', content: { text: 'a' } },
    });
    expect(a.body).toMatchObject({ outcome: 'queue', reason: { code: 'queued_for_next_day', status: 202 } });
  });

  it('answers outcome publish with 202 processing for youtube and carries warnings', async () => {
    const a = await sendPost(t, f.apiKey, {
      dryRun: true,
      post: {
        accountId: f.profileId,
        platform: 'youtube',
        content: { mediaID: [addFile(t, f.accountId)] },
        youtube: { privacyStatus: 'public' },
      },
    });
    expect(a.body).toMatchObject({
      outcome: 'publish',
      reason: { code: 'processing', status: 202 },
      warnings: [expect.objectContaining({ code: 'title_missing' })],
    });
  });

  it('consumes no simulate.next entry', async () => {
    await t.admin('PATCH', `/profiles/${f.profileId}/networks/x`, {
      simulate: { next: [{ outcome: 'failed', error: { status: 403 } }] },
    });
    await sendPost(t, f.apiKey, {
      dryRun: true,
      post: { accountId: f.profileId, platform: 'x', content: { text: 'a' } },
    });
    expect(t.services.repos.connections.get(f.profileId, 'x')?.simulate).toMatchObject({
      next: [{ outcome: 'failed' }],
    });
  });

  it.each([
    ['bad dryRun value', () => ({ dryRun: 'true', post: { accountId: f.profileId, platform: 'x' } })],
    ['invalid JSON', () => '{'],
    ['validate without platform', () => ({ validate: { accountId: f.profileId } })],
  ])('answers body-shape errors of a dry run as 400 bad_request (%s)', async (_name, body) => {
    const a = await sendPost(t, f.apiKey, body());
    expect([a.status, a.body.error?.['code']]).toEqual([400, 'bad_request']);
  });
});
