import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advance, fixture, sendPost } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';
import { type TestApp, testApp } from '../helpers/test-app.js';
import { deliveriesOf, listDeliveries } from './deliveries-helpers.js';

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

async function publish(g: Fixture, platform: string, text: string): Promise<string> {
  const a = await sendPost(t, g.apiKey, { post: { accountId: g.profileId, platform, content: { text } } });
  if (a.status !== 200) throw new Error(`publish: ${a.status} ${JSON.stringify(a.body)}`);
  return (a.body['service'] as { post_id: string }).post_id;
}

/** Five posts over three networks, a network's 20-second wait apart. */
async function fivePosts(): Promise<string[]> {
  const ids: string[] = [];
  ids.push(await publish(f, 'x', 'Launch day: the new bakery opens'));
  ids.push(await publish(f, 'linkedin', 'We are hiring bakers'));
  await advance(t, 21);
  ids.push(await publish(f, 'x', 'Sourdough 100% rye, 50_50 blend'));
  ids.push(await publish(f, 'threads', 'Opening hours changed'));
  await advance(t, 21);
  ids.push(await publish(f, 'x', 'Thanks for coming to the LAUNCH'));
  return ids;
}

describe('GET /admin/v1/accounts/{id}/deliveries', () => {
  it('lists newest first and pages with next_cursor until next_url is null', async () => {
    const ids = await fivePosts();
    const first = await listDeliveries(t, f.accountId, { limit: '2' });
    expect(first.status).toBe(200);
    const seen = first.body.data.map((d) => d.post_id);
    let next = first.body.next_cursor;
    expect(first.body.next_url).toContain(`/admin/v1/accounts/${f.accountId}/deliveries?`);
    while (next !== null) {
      const page = await listDeliveries(t, f.accountId, { limit: '2', cursor: next });
      seen.push(...page.body.data.map((d) => d.post_id));
      next = page.body.next_cursor;
    }
    // Newest first; two of the same instant by id, greater id first (ids within a millisecond are random).
    const sameInstant = (a: string | undefined, b: string | undefined) => [a, b].sort().reverse();
    expect(seen).toEqual([ids[4], ...sameInstant(ids[3], ids[2]), ...sameInstant(ids[1], ids[0])]);
  });

  it.each([
    ['platform', { platform: 'x' }, [4, 2, 0]],
    ['q (letter case ignored)', { q: 'launch' }, [4, 0]],
    ['q with % and _ taken as letters', { q: '50_50' }, [2]],
    ['q that matches nothing', { q: '100%%' }, []],
    ['since', { since: '2026-03-02T10:00:21Z' }, [4, 3, 2]],
    ['platform and q together', { platform: 'x', q: 'rye' }, [2]],
  ])('filters by %s', async (_name, query, expected) => {
    const ids = await fivePosts();
    const { status, body } = await listDeliveries(t, f.accountId, query as Record<string, string>);
    expect(status).toBe(200);
    // Which deliveries match; their order (two share an instant) is the paging test's.
    expect(body.data.map((d) => d.post_id).sort()).toEqual(expected.map((i) => ids[i]).sort());
  });

  it('takes since at both ends of years 0000 to 9999', async () => {
    const ids = await fivePosts();
    expect((await listDeliveries(t, f.accountId, { since: '0000-01-01T00:00:00Z' })).body.data).toHaveLength(
      ids.length,
    );
    const latest = await listDeliveries(t, f.accountId, { since: '9999-12-31T23:59:59.999Z' });
    expect([latest.status, latest.body.data]).toEqual([200, []]);
  });

  it('filters by profile_id and post_id', async () => {
    const ids = await fivePosts();
    const other = await t.admin('POST', `/accounts/${f.accountId}/profiles`, { name: 'Second' });
    const otherProfile = ((await other.json()) as { profile_id: string }).profile_id;
    expect((await listDeliveries(t, f.accountId, { profile_id: otherProfile })).body.data).toEqual([]);
    expect((await listDeliveries(t, f.accountId, { profile_id: f.profileId })).body.data).toHaveLength(5);
    const byPost = await listDeliveries(t, f.accountId, { post_id: ids[1] as string });
    expect(byPost.body.data.map((d) => d.text)).toEqual(['We are hiring bakers']);
  });

  it.each([
    ['platform', { platform: 'myspace' }],
    ['profile_id', { profile_id: 'nope' }],
    ['post_id', { post_id: '12' }],
    ['since', { since: 'yesterday' }],
    ['since', { since: '2026-03-02T10:00:00' }],
    // Past year 9999 an instant's ISO text starts with "+": compared as text, it would match everything.
    ['since', { since: '+275760-09-13T00:00:00Z' }],
    ['since', { since: '-000001-01-01T00:00:00Z' }],
    ['since', { since: '9999-12-31T23:59:59-05:00' }],
    ['since', { since: '0000-01-01T00:00:00+01:00' }],
    ['cursor', { cursor: 'garbage' }],
    ['limit', { limit: '101' }],
    ['q', { q: 'x'.repeat(201) }],
  ])('answers 400 bad_request naming %s when it is wrong', async (parameter, query) => {
    const { status, body } = await listDeliveries(t, f.accountId, query);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', parameter });
  });

  it('answers 404 for an account that does not exist', async () => {
    const { status, body } = await listDeliveries(t, '8a1b2c3d-0000-4000-8000-000000000000');
    expect([status, body.error?.code]).toEqual([404, 'not_found']);
  });

  it("shows only the account's own deliveries; another account's cursor or post id finds nothing of it", async () => {
    const ids = await fivePosts();
    const g = await fixture(t);
    const theirs = await publish(g, 'x', 'Their post');
    expect((await deliveriesOf(t, g.accountId)).map((d) => d.post_id)).toEqual([theirs]);
    expect((await listDeliveries(t, g.accountId, { post_id: ids[0] as string })).body.data).toEqual([]);
    const mine = await listDeliveries(t, f.accountId, { limit: '1' });
    const foreign = await listDeliveries(t, g.accountId, { cursor: mine.body.next_cursor as string });
    expect([foreign.status, foreign.body.error?.parameter]).toEqual([400, 'cursor']);
  });
});

describe('GET /admin/v1/deliveries/{id}', () => {
  it('answers one delivery by its id', async () => {
    const [postId] = await fivePosts();
    const listed = (await deliveriesOf(t, f.accountId)).find((d) => d.post_id === postId);
    const res = await t.admin('GET', `/deliveries/${listed?.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(listed);
  });

  it.each(['dlv_nothere', 'dlv_0190c2f4a1b27000800000000000000f', 'not-a-delivery'])(
    'answers 404 not_found for %s',
    async (id) => {
      const res = await t.admin('GET', `/deliveries/${id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    },
  );

  it('answers 404 for a failed post, which has a record but no delivery', async () => {
    await t.admin('PATCH', `/profiles/${f.profileId}/networks/x`, {
      simulate: { next: [{ outcome: 'failed' }] },
    });
    const a = await sendPost(t, f.apiKey, {
      post: { accountId: f.profileId, platform: 'x', content: { text: 'no' } },
    });
    const postId = (a.body['service'] as { post_id: string }).post_id;
    const res = await t.admin('GET', `/deliveries/dlv_${postId.replaceAll('-', '')}`);
    expect(res.status).toBe(404);
  });
});

describe('clearing and deleting', () => {
  it('DELETE /accounts/{id}/deliveries clears the inbox and keeps the posts', async () => {
    await fivePosts();
    const g = await fixture(t);
    await publish(g, 'x', 'Theirs stays');
    const res = await t.admin('DELETE', `/accounts/${f.accountId}/deliveries`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ account_id: f.accountId, deleted: 5 });
    expect(await deliveriesOf(t, f.accountId)).toEqual([]);
    expect(await deliveriesOf(t, g.accountId)).toHaveLength(1);
    const posts = await t.api('GET', '/api/v2/posts', f.apiKey);
    expect(((await posts.json()) as { data: unknown[] }).data).toHaveLength(5);
    expect(
      (await t.admin('DELETE', '/accounts/8a1b2c3d-0000-4000-8000-000000000000/deliveries')).status,
    ).toBe(404);
  });

  it('deletes the deliveries with the account', async () => {
    await fivePosts();
    const g = await fixture(t);
    await publish(g, 'x', 'Theirs stays');
    expect((await t.admin('DELETE', `/accounts/${f.accountId}`)).status).toBe(200);
    const left = t.services.db
      .prepare('SELECT COUNT(*) AS n FROM post_records WHERE delivery_media IS NOT NULL')
      .get() as { n: number };
    expect(left.n).toBe(1);
    expect((await listDeliveries(t, f.accountId)).status).toBe(404);
  });
});
