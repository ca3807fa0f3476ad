import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

// POST /api/v2/posts goes through the posts lane (http/posts-lane.ts) unless it carries an
// Idempotency-Key or a fault is armed: the lane must give the very bytes, log rows and state the
// middleware chain gives. An armed fault anywhere sends every request through the chain, so the
// same requests are compared with the fault armed elsewhere; the chain's router is asked only then.

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function fixture(): Promise<{ t: TestApp; f: Fixture }> {
  const t = await testApp();
  apps.push(t);
  const f = await accountWithProfile(t, { x: {} }, { plan: 'skilled', x_addon: true });
  return { t, f };
}

/** Sends every request through the chain: a fault no request of these tests matches. */
async function armElsewhere(t: TestApp): Promise<void> {
  const res = await t.admin('POST', '/faults', {
    match: { method: 'DELETE', path: '/api/v2/nothing' },
    answer: 'drop',
  });
  expect(res.status).toBe(201);
}

interface Sent {
  path?: string;
  body: string | undefined;
  key?: 'own' | 'none' | 'wrong';
  headers?: Record<string, string>;
}

const post = (f: Fixture, fields: Record<string, unknown>, outer: Record<string, unknown> = {}) =>
  JSON.stringify({ post: { accountId: f.profileId, platform: 'x', ...fields }, ...outer });
const validate = (f: Fixture, fields: Record<string, unknown>) =>
  JSON.stringify({ validate: { accountId: f.profileId, platform: 'x', ...fields } });

/** Dry runs and refusals: none of them changes anything, so the same app answers both passes. */
const DRY_RUNS = (f: Fixture): Sent[] => [
  { body: validate(f, { content: { text: 'hello' } }) },
  { body: post(f, { content: { text: 'hello' } }, { dryRun: true }) },
  { body: validate(f, { content: { text: 'hello' }, colour: 'blue' }) },
  { body: validate(f, { content: { text: 'x'.repeat(400) } }) },
  { body: validate(f, { platform: 'linkedin', content: { text: 'hello' } }) },
  { body: validate(f, { content: { text: 'later' }, scheduledFor: '2026-03-02T12:00:00Z' }) },
  { body: validate(f, { content: { text: 'ça va? 👋 https://example.com' } }) },
  { path: '/api/v2/posts?colour=blue', body: validate(f, { content: { text: 'hello' } }) },
  { body: validate(f, { content: { text: 'plain' } }), headers: { 'content-type': 'text/plain' } },
  { body: '{"validate":' },
  { body: '[]' },
  { body: '{}' },
  { body: '' },
  { body: undefined },
  { body: `${'['.repeat(80)}${']'.repeat(80)}` },
  { body: validate(f, { platform: 'myspace' }) },
  { body: post(f, { content: { text: 'hello' } }, { dryRun: 'yes' }) },
  { body: validate(f, { accountId: '00000000-0000-4000-8000-000000000000' }) },
  { body: validate(f, { content: { text: 'hello' } }), key: 'none' },
  { body: validate(f, { content: { text: 'hello' } }), key: 'wrong' },
];

/** Publishes, a refusal of each kind and the post read back: the state they leave is compared too. */
const PUBLISHES = (f: Fixture): Sent[] => [
  { body: post(f, { content: { text: 'first' } }) },
  { body: post(f, { content: { text: 'too soon' } }) },
  { body: validate(f, { content: { text: 'too soon, dry' } }) },
  { body: post(f, { content: { text: 'later' }, scheduledFor: '2026-03-02T12:00:00Z' }) },
  { body: post(f, { platform: 'linkedin', content: { text: 'not connected' } }) },
  { body: post(f, { content: { text: 'x'.repeat(400) } }) },
  { body: post(f, { content: { text: 'hello' } }), key: 'wrong' },
];

async function send(t: TestApp, f: Fixture, sent: Sent): Promise<Response> {
  const key = sent.key ?? 'own';
  const headers: Record<string, string> = { 'content-type': 'application/json', ...sent.headers };
  if (key !== 'none') headers['authorization'] = `Bearer ${key === 'own' ? f.apiKey : 'sp_live_wrong'}`;
  return await t.app.request(sent.path ?? '/api/v2/posts', {
    method: 'POST',
    headers,
    ...(sent.body === undefined ? {} : { body: sent.body }),
  });
}

async function bytes(res: Response) {
  return { status: res.status, headers: [...res.headers], body: await res.text() };
}

type LogRow = [string, string, number, string | null];
async function logged(t: TestApp, count: number): Promise<LogRow[]> {
  const res = await t.admin('GET', `/requests?limit=${count}`);
  const rows = (
    (await res.json()) as {
      data: { method: string; path: string; status: number; error: { code: string } | null }[];
    }
  ).data;
  return rows.map((r) => [r.method, r.path, r.status, r.error?.code ?? null]);
}

/** Runs the requests, counting how often the chain's router was asked. */
async function run(t: TestApp, f: Fixture, requests: Sent[]) {
  const match = vi.spyOn(t.app.router, 'match');
  const answers = [];
  for (const sent of requests) answers.push(await bytes(await send(t, f, sent)));
  const chainAsked = match.mock.calls.length;
  match.mockRestore();
  return { answers, chainAsked };
}

describe('the posts lane', () => {
  it('answers dry runs and refusals with the chain’s bytes, and logs them as the chain does', async () => {
    const { t, f } = await fixture();
    const requests = DRY_RUNS(f);
    const lane = await run(t, f, requests);
    expect(lane.chainAsked).toBe(0);
    const laneLog = await logged(t, requests.length);
    const statuses = lane.answers.map((a) => a.status);
    expect(statuses).toEqual(expect.arrayContaining([200, 400, 401]));
    const outcomes = lane.answers
      .filter((a) => a.status === 200)
      .map((a) => (JSON.parse(a.body) as { outcome: string }).outcome);
    expect(new Set(outcomes)).toEqual(new Set(['publish', 'refuse', 'schedule']));

    await armElsewhere(t);
    const chain = await run(t, f, requests);
    expect(chain.chainAsked).toBeGreaterThanOrEqual(requests.length);
    for (const [i, answer] of chain.answers.entries())
      expect(answer, `request ${i}`).toEqual(lane.answers[i]);
    // The fault's admin request sits between the two passes; the log is newest first.
    expect((await logged(t, 2 * requests.length + 2)).slice(0, requests.length)).toEqual(laneLog);
  });

  it('publishes, refuses and schedules as the chain does, leaving the same posts behind', async () => {
    const viaLane = await fixture();
    const viaChain = await fixture();
    await armElsewhere(viaChain.t);
    const results = [];
    for (const { t, f } of [viaLane, viaChain]) {
      const requests = PUBLISHES(f);
      const { answers, chainAsked } = await run(t, f, requests);
      const published = JSON.parse(answers[0]?.body ?? '{}') as { service: { post_id: string } };
      const readBack = await bytes(
        await t.api('GET', `/api/v2/posts/${published.service.post_id}`, f.apiKey),
      );
      const listed = await bytes(await t.api('GET', '/api/v2/posts', f.apiKey));
      const log = await logged(t, requests.length + 2);
      results.push({ chainAsked, text: normalised(f, JSON.stringify({ answers, readBack, listed, log })) });
    }
    const [lane, chain] = results;
    expect(lane?.chainAsked).toBe(0);
    expect(chain?.chainAsked).toBeGreaterThanOrEqual(PUBLISHES(viaChain.f).length);
    expect(lane?.text).toEqual(chain?.text);
    const answers = (JSON.parse(lane?.text ?? '{}') as { answers: { status: number }[] }).answers;
    expect(answers.map((a) => a.status)).toEqual([200, 429, 200, 202, 400, 429, 401]);
  });

  it('leaves a request with an Idempotency-Key, another method or spelling, or an armed fault to the chain', async () => {
    const { t, f } = await fixture();
    const body = post(f, { content: { text: 'once' } });
    const withKey = { body, headers: { 'idempotency-key': 'k-1' } };
    const first = await run(t, f, [withKey, withKey]);
    expect(first.chainAsked).toBeGreaterThanOrEqual(2);
    expect(first.answers.map((a) => a.status)).toEqual([200, 200]);
    expect(first.answers[1]?.headers).toContainEqual(['idempotent-replayed', 'true']);
    expect(first.answers[1]?.body).toBe(first.answers[0]?.body);

    const other = vi.spyOn(t.app.router, 'match');
    const put = await t.api('PUT', '/api/v2/posts', f.apiKey, { body });
    expect(put.status).toBe(405);
    const slash = await send(t, f, { path: '/api/v2/posts/', body: validate(f, {}) });
    expect([404, 405]).toContain(slash.status);
    expect(other).toHaveBeenCalledTimes(2);
    other.mockRestore();

    await t.admin('POST', '/faults', {
      match: { method: 'POST', path: '/api/v2/posts' },
      answer: { status: 503, code: 'service_unavailable' },
      times: 1,
    });
    const faulted = await send(t, f, { body: validate(f, { content: { text: 'hello' } }) });
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('x-socialpub-fault')).not.toBeNull();
    const again = await run(t, f, [{ body: validate(f, { content: { text: 'hello' } }) }]);
    expect(again.chainAsked).toBe(0);
    expect(again.answers[0]?.status).toBe(200);
  });
});

/** Ids, keys and the networks' post ids differ between two apps: each becomes its order of appearance. */
function normalised(f: Fixture, text: string): string {
  const seen = new Map<string, string>([
    [f.profileId, '<profile>'],
    [f.accountId, '<account>'],
    [f.apiKey, '<key>'],
  ]);
  return text.replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|sp_live_\w+|\b\d{12,}\b/gi,
    (id) => {
      let name = seen.get(id);
      if (name === undefined) {
        name = `<id ${seen.size}>`;
        seen.set(id, name);
      }
      return name;
    },
  );
}
