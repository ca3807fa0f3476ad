import {
  FIGURE_NAMES,
  networkRules,
  type Platform,
  PostRecordSchema,
  ScheduledPostRecordSchema,
} from '@socialpub/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, getJson, insertPost, insertScheduled, setSimulate } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

interface Figures {
  metrics: Record<string, number | null>;
  not_reported: string[];
  polled_at: string;
}
interface PostBody {
  kind: string;
  status: string;
  done: boolean;
  figures: Figures | null;
}
interface ErrorBody {
  error: { code: string; parameter?: string };
}

let t: TestApp;
let fx: Fixture;

beforeEach(async () => {
  t = await testApp();
  fx = await accountWithProfile(
    t,
    {
      x: {},
      linkedin: {},
      pinterest: {},
      threads: {},
      youtube: {},
      skool: {},
      facebook: {},
      instagram: {},
      tiktok: { options: { privacy_level_options: ['SELF_ONLY'] } },
    },
    { x_addon: true },
  );
});
afterEach(async () => {
  await t.close();
});

const read = <T = PostBody>(id: string, key = fx.apiKey) => getJson<T>(t, key, `/api/v2/posts/${id}`);

describe('GET /api/v2/posts/{id}', () => {
  it('reads a succeeded post with figures: unreported ones null and named, never zero', async () => {
    const [reportedOne, reportedLeftOut] = networkRules('x').reportedFigures;
    const unreported = FIGURE_NAMES.find((name) => !networkRules('x').reportedFigures.includes(name));
    if (!reportedOne || !reportedLeftOut || !unreported)
      throw new Error('x reports too few figures for this test');
    await setSimulate(t, fx, 'x', { figures: { [reportedOne]: 120 } });
    const id = insertScheduled(t, fx, { inSeconds: 61 });
    await advance(t, 61);
    const postId = t.services.repos.postRecords.listForScheduledPost(id)[0]?.id ?? '';
    const { status, body, headers } = await read(postId);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(PostRecordSchema.safeParse(body).success).toBe(true);
    expect(body.figures?.metrics).toMatchObject({
      [reportedOne]: 120,
      [reportedLeftOut]: null,
      [unreported]: null,
    });
    expect(body.figures?.not_reported).toEqual(expect.arrayContaining([reportedLeftOut, unreported]));
    expect(body.figures?.not_reported).not.toContain(reportedOne);
  });

  it('reports simulate.figures set through the admin API exactly, also figures the network does not report by default', async () => {
    const unreported = FIGURE_NAMES.filter((name) => !networkRules('x').reportedFigures.includes(name));
    const [reportedOne] = networkRules('x').reportedFigures;
    if (unreported.length === 0 || !reportedOne)
      throw new Error('x reports every figure: pick another network');
    const figures = Object.fromEntries(unreported.map((name, i) => [name, 10 + i]));
    await setSimulate(t, fx, 'x', { figures });
    const id = insertScheduled(t, fx, { inSeconds: 61 });
    await advance(t, 61);
    const postId = t.services.repos.postRecords.listForScheduledPost(id)[0]?.id ?? '';
    const { body } = await read(postId);
    expect(body.figures?.metrics).toMatchObject({ ...figures, [reportedOne]: null });
    expect(body.figures?.not_reported).toEqual(FIGURE_NAMES.filter((name) => !unreported.includes(name)));
  });

  it('collects figures every 6 hours and stops after 7 days', async () => {
    const postId = insertPost(t, fx, { platform: 'youtube' });
    const publishedAt = t.services.clock.now().getTime();
    const polledAt = async () => new Date((await read(postId)).body.figures?.polled_at ?? 0).getTime();
    expect(await polledAt()).toBe(publishedAt);
    await advance(t, 6 * 3600 - 1);
    expect(await polledAt()).toBe(publishedAt);
    await advance(t, 1);
    expect(await polledAt()).toBe(publishedAt + 6 * 3600_000);
    await advance(t, 13 * 3600);
    expect(await polledAt()).toBe(publishedAt + 18 * 3600_000);
    await advance(t, 10 * 86_400);
    expect(await polledAt()).toBe(publishedAt + 7 * 86_400_000);
    expect(t.services.repos.postRecords.get(postId)?.nextFiguresAt).toBeNull();
  });

  it.each(['failed', 'processing', 'timeout'] as const)(
    'gives figures null for a %s post',
    async (status) => {
      const postId = insertPost(t, fx, { status });
      expect((await read(postId)).body.figures).toBeNull();
    },
  );

  it.each([
    ['pinterest', 10 * 60],
    ['threads', 10 * 60],
    ['youtube', 2 * 3600],
    ['x', 25 * 3600],
    ['linkedin', 25 * 3600],
    ['skool', 25 * 3600],
    ['facebook', 2 * 86_400],
    ['instagram', 2 * 86_400],
    ['tiktok', 2 * 86_400],
  ] as [Platform, number][])('reads a %s timeout as done after %i seconds', async (platform, seconds) => {
    const postId = insertPost(t, fx, { platform, status: 'timeout' });
    expect((await read(postId)).body).toMatchObject({ status: 'timeout', done: false });
    await advance(t, seconds - 1);
    expect((await read(postId)).body.done).toBe(false);
    await advance(t, 1);
    expect((await read(postId)).body).toMatchObject({ status: 'timeout', done: true });
  });

  it('reads a scheduled post with one result per network once it has gone out', async () => {
    await setSimulate(t, fx, 'linkedin', {
      error: { status: 422, code: 'duplicate', message: 'Duplicate post' },
    });
    const id = insertScheduled(t, fx, { platforms: ['x', 'linkedin'], inSeconds: 61 });
    const before = await read<{ results: unknown[]; outcome: string }>(id);
    expect(before.body).toMatchObject({ outcome: 'waiting', results: [] });
    await advance(t, 61);
    const { body } = await read<{ results: Record<string, unknown>[] }>(id);
    expect(ScheduledPostRecordSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ kind: 'scheduled_post', outcome: 'partly_failed', status: 'published' });
    expect(body.results).toEqual([
      expect.objectContaining({
        platform: 'x',
        status: 'success',
        done: true,
        permalink: expect.stringMatching(/^https:\/\/x\.com\//),
      }),
      expect.objectContaining({
        platform: 'linkedin',
        status: 'failed',
        error_message: expect.stringContaining('Duplicate post'),
      }),
    ]);
  });

  it('answers 400 bad_request with parameter id for a non-UUID id', async () => {
    const { status, body } = await read<ErrorBody>('not-a-uuid');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', parameter: 'id' });
  });

  it("answers 404 post_not_found for an unknown id and for another account's post alike", async () => {
    const stranger = await accountWithProfile(t, { x: {} }, { x_addon: true });
    const theirs = insertPost(t, stranger);
    const theirScheduled = insertScheduled(t, stranger);
    for (const id of [theirs, theirScheduled, '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f']) {
      const { status, body } = await read<ErrorBody>(id);
      expect(status).toBe(404);
      expect(body.error.code).toBe('post_not_found');
    }
  });
});
