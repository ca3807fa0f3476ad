import { describe, expect, it } from 'vitest';
import { advance, getJson, insertPost, insertScheduled, usePostsApp } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

interface Item {
  id: string;
  kind: string;
  status: string;
  at: string;
  platform?: string;
  platforms?: string[];
  scheduled_post_id?: string | null;
}
interface Page {
  data: Item[];
  next_cursor: string | null;
  next_url: string | null;
  warnings?: { code: string }[];
}
interface ErrorBody {
  error: { code: string; parameter?: string; message: string };
}

let t: TestApp;
let fx: Fixture;

usePostsApp((app) => {
  ({ t, fx } = app);
});

const minutesAgo = (n: number) => new Date(t.services.clock.now().getTime() - n * 60_000).toISOString();
const list = (query = '') => getJson<Page>(t, fx.apiKey, `/api/v2/posts${query}`);

describe('GET /api/v2/posts', () => {
  it('lists newest first with future due times first, ties broken by id', async () => {
    const old = insertPost(t, fx, { at: minutesAgo(30) });
    const tieA = insertPost(t, fx, { at: minutesAgo(10), id: '00000000-0000-4000-8000-000000000001' });
    const tieB = insertPost(t, fx, { at: minutesAgo(10), id: '00000000-0000-4000-8000-000000000002' });
    const future = insertScheduled(t, fx, { inSeconds: 7200 });
    const { status, body, headers } = await list();
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(body.data.map((item) => item.id)).toEqual([future, tieB, tieA, old]);
    expect(body.data[0]).toMatchObject({ kind: 'scheduled_post', status: 'scheduled' });
    expect(body.next_url).toBeNull();
    expect(body.next_cursor).toBeNull();
  });

  it.each([
    ['success', ['post:success']],
    ['processing', ['post:processing']],
    ['timeout', ['post:timeout']],
    ['scheduled', ['scheduled_post:scheduled']],
    ['cancelled', ['scheduled_post:cancelled']],
    ['failed', ['post:failed', 'scheduled_post:failed']],
    ['success,scheduled', ['post:success', 'scheduled_post:scheduled']],
  ])('status=%s selects only those records', async (filter, expected) => {
    for (const [i, status] of (['success', 'failed', 'processing', 'timeout'] as const).entries()) {
      insertPost(t, fx, { status, at: minutesAgo(10 + i) });
    }
    insertScheduled(t, fx, { inSeconds: 3600 });
    insertScheduled(t, fx, { inSeconds: 3700, outcome: 'cancelled' });
    insertScheduled(t, fx, { inSeconds: 3800, outcome: 'failed' });
    const { body } = await list(`?status=${filter}`);
    expect(body.data.map((item) => `${item.kind}:${item.status}`).sort()).toEqual([...expected].sort());
  });

  it('refuses status=published with a hint to use success', async () => {
    const { status, body } = await getJson<ErrorBody>(t, fx.apiKey, '/api/v2/posts?status=published');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', parameter: 'status' });
    expect(body.error.message).toContain('status=success');
  });

  it.each([
    ['status=done', 'status'],
    ['platform=myspace', 'platform'],
    ['kind=draft', 'kind'],
    ['profile_id=brand', 'profile_id'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['cursor=abc', 'cursor'],
  ])('answers 400 bad_request naming the parameter for %s', async (query, parameter) => {
    const { status, body } = await getJson<ErrorBody>(t, fx.apiKey, `/api/v2/posts?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', parameter });
  });

  it('lists a scheduled post under each network it includes', async () => {
    const both = insertScheduled(t, fx, { platforms: ['x', 'tiktok'] });
    insertScheduled(t, fx, { platforms: ['linkedin'] });
    insertPost(t, fx, { platform: 'linkedin' });
    const tiktok = await list('?platform=tiktok');
    expect(tiktok.body.data.map((item) => item.id)).toEqual([both]);
    const linkedin = await list('?platform=linkedin&kind=post');
    expect(linkedin.body.data.map((item) => item.platform)).toEqual(['linkedin']);
  });

  it('filters by profile and kind', async () => {
    const other = await t.admin('POST', `/accounts/${fx.accountId}/profiles`, { name: 'Other' });
    const otherProfile = ((await other.json()) as { profile_id: string }).profile_id;
    const mine = insertPost(t, fx);
    insertPost(t, fx, { profileId: otherProfile });
    insertScheduled(t, fx);
    const { body } = await list(`?profile_id=${fx.profileId}&kind=post`);
    expect(body.data.map((item) => item.id)).toEqual([mine]);
  });

  it('names unknown parameters in warnings and does not use them', async () => {
    insertPost(t, fx);
    const { status, body } = await list('?sort=oldest');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.warnings).toEqual([
      expect.objectContaining({ code: 'unknown_parameter', parameter: 'sort' }),
    ]);
  });

  it('pages through 3 pages stably while posts are added between pages', async () => {
    const originals: string[] = [];
    for (let i = 0; i < 25; i++) originals.push(insertPost(t, fx, { at: minutesAgo(100 - i) }));
    const seen: string[] = [];
    let query = '?limit=10&kind=post';
    for (let page = 0; page < 3; page++) {
      const { body } = await list(query);
      seen.push(...body.data.map((item) => item.id));
      // Newer posts and an older one arrive between pages.
      insertPost(t, fx, { at: minutesAgo(1) });
      if (page === 0) originals.push(insertPost(t, fx, { at: minutesAgo(500) }));
      if (page < 2) {
        expect(body.next_cursor).not.toBeNull();
        const next = new URL(body.next_url ?? '');
        expect(next.searchParams.get('kind')).toBe('post');
        expect(next.searchParams.get('limit')).toBe('10');
        query = next.search;
      } else {
        expect(body.next_url).toBeNull();
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual([...originals].sort());
  });

  it('gives an absolute next_url on the base URL with the same filters', async () => {
    for (let i = 0; i < 3; i++) insertPost(t, fx, { at: minutesAgo(i + 1) });
    const { body } = await list('?limit=2&status=success&platform=x');
    expect(body.next_url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/api\/v2\/posts\?/);
    const next = new URL(body.next_url ?? '');
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      status: 'success',
      platform: 'x',
      limit: '2',
    });
    const second = await list(next.search);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.next_url).toBeNull();
  });

  it('refuses a cursor from another server or with a changed character', async () => {
    const other = await testApp();
    try {
      const otherFx = await accountWithProfile(other, { x: {} });
      for (let i = 0; i < 2; i++) insertPost(other, otherFx, { at: minutesAgo(i + 1) });
      const foreign =
        (await getJson<Page>(other, otherFx.apiKey, '/api/v2/posts?limit=1')).body.next_cursor ?? '';
      for (let i = 0; i < 2; i++) insertPost(t, fx, { at: minutesAgo(i + 1) });
      const own = (await list('?limit=1')).body.next_cursor ?? '';
      const tampered = `${own.slice(0, -2)}${own.at(-2) === 'A' ? 'B' : 'A'}${own.at(-1)}`;
      for (const cursor of [foreign, tampered]) {
        const { status, body } = await getJson<ErrorBody>(t, fx.apiKey, `/api/v2/posts?cursor=${cursor}`);
        expect(status).toBe(400);
        expect(body.error).toMatchObject({ code: 'bad_request', parameter: 'cursor' });
      }
      expect((await list(`?limit=1&cursor=${own}`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("answers 400 bad_request naming cursor for another account's cursor on the same server", async () => {
    const otherFx = await accountWithProfile(t, { x: {} });
    for (let i = 0; i < 2; i++) insertPost(t, otherFx, { at: minutesAgo(i + 1) });
    const theirs = (await getJson<Page>(t, otherFx.apiKey, '/api/v2/posts?limit=1')).body.next_cursor ?? '';
    expect(theirs).not.toBe('');
    const { status, body } = await getJson<ErrorBody>(t, fx.apiKey, `/api/v2/posts?cursor=${theirs}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', parameter: 'cursor' });
    expect((await getJson<Page>(t, otherFx.apiKey, `/api/v2/posts?cursor=${theirs}`)).status).toBe(200);
  });

  it('lists each network post of a scheduled post that went out instead of the scheduled post', async () => {
    const scheduled = insertScheduled(t, fx, { platforms: ['x', 'linkedin'], inSeconds: 61 });
    await advance(t, 61);
    const { body } = await list();
    expect(body.data.map((item) => item.id)).not.toContain(scheduled);
    expect(body.data.map((item) => [item.kind, item.platform, item.scheduled_post_id])).toEqual(
      expect.arrayContaining([
        ['post', 'x', scheduled],
        ['post', 'linkedin', scheduled],
      ]),
    );
  });

  it('keeps a scheduled post refused at send time listed as a failed scheduled post', async () => {
    const scheduled = insertScheduled(t, fx, { outcome: 'failed' });
    const { body } = await list('?status=failed&kind=scheduled_post');
    expect(body.data.map((item) => item.id)).toEqual([scheduled]);
  });

  it('answers 429 rate_limited past 60 reads a minute', async () => {
    for (let i = 0; i < 60; i++) expect((await list()).status).toBe(200);
    const { status, headers } = await list();
    expect(status).toBe(429);
    expect(headers.get('cache-control')).toBe('private, no-store');
  });
});
