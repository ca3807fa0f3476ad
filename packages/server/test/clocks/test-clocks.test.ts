import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendPost } from '../helpers/publishing.js';
import { accountWithProfile, CLOCK_START, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';
import { announce, createLink, head, jpegBytes } from '../helpers/uploads.js';

const DAY = 86_400;
let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

interface Clocked {
  fx: Fixture;
  clockId: string | null;
}

async function createClock(now: Date, name?: string): Promise<string> {
  const res = await t.admin('POST', '/clocks', { now: now.toISOString(), ...(name ? { name } : {}) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { clock_id: string }).clock_id;
}

async function accountOn(clockId: string | null): Promise<Clocked> {
  const fx = await accountWithProfile(t, { x: {}, linkedin: {} }, { x_addon: true, clock_id: clockId });
  return { fx, clockId };
}

const xPost = (fx: Fixture, text: string, extra: Record<string, unknown> = {}) => ({
  post: { accountId: fx.profileId, platform: 'linkedin', content: { text }, ...extra },
});

/** Three accounts: A on clock 1, B on clock 2 (both starting where the server does), C on the server's clock. */
async function threeAccounts() {
  const clock1 = await createClock(CLOCK_START, 'one');
  const clock2 = await createClock(CLOCK_START, 'two');
  return { a: await accountOn(clock1), b: await accountOn(clock2), c: await accountOn(null), clock1, clock2 };
}

describe('test clocks through the admin API', () => {
  it('creates, reads with its accounts, moves and refuses to move back', async () => {
    const clockId = await createClock(new Date('2030-01-01T00:00:00Z'), 'ci');
    const a = await accountOn(clockId);
    const got = (await (await t.admin('GET', `/clocks/${clockId}`)).json()) as Record<string, unknown>;
    expect(got).toMatchObject({ clock_id: clockId, name: 'ci', now: '2030-01-01T00:00:00.000Z' });
    expect((got['accounts'] as { account_id: string }[]).map((x) => x.account_id)).toEqual([a.fx.accountId]);
    // The account was created at its clock's time.
    expect((got['accounts'] as { created_at: string }[])[0]?.created_at).toBe('2030-01-01T00:00:00.000Z');
    const moved = await t.admin('POST', `/clocks/${clockId}`, { advance_seconds: 90 });
    expect(((await moved.json()) as { now: string }).now).toBe('2030-01-01T00:01:30.000Z');
    const back = await t.admin('POST', `/clocks/${clockId}`, { now: '2030-01-01T00:00:00Z' });
    expect(back.status).toBe(400);
    expect((await t.admin('GET', '/clocks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(
      (await t.admin('POST', '/accounts', { clock_id: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(400);
    expect((await t.admin('PATCH', `/accounts/${a.fx.accountId}`, { clock_id: null })).status).toBe(400);
  });

  it("answers with the account's clock time", async () => {
    const clockId = await createClock(new Date('2031-06-01T12:00:00Z'));
    const a = await accountOn(clockId);
    const answer = await sendPost(t, a.fx.apiKey, xPost(a.fx, 'hello'));
    expect(answer.status).toBe(200);
    const posts = (await (await t.api('GET', '/api/v2/posts', a.fx.apiKey)).json()) as {
      data: { at?: string; created_at?: string }[];
    };
    const stamp = JSON.stringify(posts.data[0]);
    expect(stamp).toContain('2031-06-01T12:00');
    // The key's last use is stamped on the account's clock too.
    t.services.repos.writeBehind.flush();
    expect(t.services.repos.apiKeyLastUsed.forKeys([a.fx.keyId]).get(a.fx.keyId)).toContain(
      '2031-06-01T12:00',
    );
  });
});

describe('advancing one clock by a day changes only its accounts', () => {
  it.each([
    {
      rule: 'scheduled posts are sent',
      arrange: async (x: Clocked) => {
        const at = new Date(CLOCK_START.getTime() + 3_600_000).toISOString();
        const res = await sendPost(t, x.fx.apiKey, xPost(x.fx, 'later', { scheduledFor: at }));
        expect(res.status).toBe(202);
        return res.body['scheduled_post_id'] as string;
      },
      changed: (_x: Clocked, id: string) => t.services.repos.scheduledPosts.get(id)?.outcome !== 'waiting',
    },
    {
      rule: 'the per-minute read allowance resets',
      arrange: async (x: Clocked) => {
        for (let i = 0; i < 60; i++) await t.api('GET', '/api/v2/posts', x.fx.apiKey);
        expect((await t.api('GET', '/api/v2/posts', x.fx.apiKey)).status).toBe(429);
        return '';
      },
      changed: async (x: Clocked) => (await t.api('GET', '/api/v2/posts', x.fx.apiKey)).status === 200,
    },
    {
      rule: 'upload tokens expire',
      arrange: async (x: Clocked) => {
        const { link } = await createLink(t, x.fx.apiKey, announce(jpegBytes(1000)));
        expect((await head(t, link)).status).toBe(200);
        return JSON.stringify(link);
      },
      changed: async (_x: Clocked, link: string) => (await head(t, JSON.parse(link))).status !== 200,
    },
    {
      rule: 'upload links close',
      arrange: async (x: Clocked) => {
        const { link } = await createLink(t, x.fx.apiKey, announce(jpegBytes(1200), 'b.jpg'));
        return link.file_id as string;
      },
      changed: (_x: Clocked, fileId: string) =>
        t.services.uploadLinks?.links.get(fileId)?.state !== 'uploading',
    },
    {
      rule: 'idempotency records are forgotten after 24 hours',
      arrange: async (x: Clocked) => {
        const headers = { 'idempotency-key': 'same-key' };
        expect((await sendPost(t, x.fx.apiKey, xPost(x.fx, 'first'), { headers })).status).toBe(200);
        return '';
      },
      changed: async (x: Clocked) => {
        // A different body under the same key: 422 while remembered, accepted once forgotten.
        const headers = { 'idempotency-key': 'same-key' };
        return (await sendPost(t, x.fx.apiKey, xPost(x.fx, 'second'), { headers })).status !== 422;
      },
    },
    {
      rule: 'the 20-second wait between posts to a network ends',
      arrange: async (x: Clocked) => {
        expect((await sendPost(t, x.fx.apiKey, xPost(x.fx, 'one'))).status).toBe(200);
        return '';
      },
      changed: async (x: Clocked) => (await sendPost(t, x.fx.apiKey, xPost(x.fx, 'two'))).status === 200,
    },
    {
      rule: 'library files leave after 7 days (retention), moved 8 days',
      seconds: 8 * DAY,
      arrange: async (x: Clocked) => {
        const res = await t.admin('POST', `/accounts/${x.fx.accountId}/media`, {
          file_name: 'kept.jpg',
          content_base64: jpegBytes(800).toString('base64'),
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { file_id: string }).file_id;
      },
      changed: (_x: Clocked, fileId: string) => t.services.repos.mediaImports.get(fileId) === null,
    },
  ])('$rule', async ({ arrange, changed, ...row }) => {
    const { a, b, c, clock1 } = await threeAccounts();
    const tokens = [await arrange(a), await arrange(b), await arrange(c)];
    const seconds = 'seconds' in row ? row.seconds : DAY;
    const moved = await t.admin('POST', `/clocks/${clock1}`, { advance_seconds: seconds });
    expect(moved.status).toBe(200);
    expect(await changed(a, tokens[0] as string)).toBe(true);
    expect(await changed(b, tokens[1] as string)).toBe(false);
    expect(await changed(c, tokens[2] as string)).toBe(false);
  });

  it("the server's clock moving changes nothing of the accounts on test clocks", async () => {
    const { a, c } = await threeAccounts();
    const at = new Date(CLOCK_START.getTime() + 3_600_000).toISOString();
    const ids = [];
    for (const x of [a, c]) {
      const res = await sendPost(t, x.fx.apiKey, xPost(x.fx, 'later', { scheduledFor: at }));
      ids.push(res.body['scheduled_post_id'] as string);
    }
    await t.admin('POST', '/clock', { advance_seconds: DAY });
    expect(t.services.repos.scheduledPosts.get(ids[0] as string)?.outcome).toBe('waiting');
    expect(t.services.repos.scheduledPosts.get(ids[1] as string)?.outcome).not.toBe('waiting');
  });
});
