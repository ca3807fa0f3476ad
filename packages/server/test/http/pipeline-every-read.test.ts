import { OPERATIONS } from '@socialpub/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type SocialpubApp } from '../../src/app.js';
import { ADMIN_TOKEN, CLOCK_START } from '../helpers/test-app.js';

// Every /api/v2 read the API document defines is a route with one handler that answers at once, so
// the pipeline (http/pipeline.ts) answers it in the turn it arrives, with its steps around it: the
// same bytes and log rows with a fault armed elsewhere, and a fault armed on the read applied.

let s: SocialpubApp;
let apiKey: string;
let profileId: string;
let postId: string;

const admin = async (method: string, path: string, body?: unknown) =>
  s.app.request(`/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const read = (path: string, key: string | null = apiKey) =>
  s.app.fetch(
    new Request(`http://localhost${path}`, {
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
    }),
  );

async function bytes(answer: Response | Promise<Response>) {
  const res = await answer;
  return { status: res.status, headers: [...res.headers], body: await res.text() };
}

beforeEach(async () => {
  s = await createApp({ memory: true, clock: 'virtual', clockStart: CLOCK_START, adminToken: ADMIN_TOKEN });
  const account = (await (await admin('POST', '/accounts', { plan: 'skilled', x_addon: true })).json()) as {
    account_id: string;
  };
  profileId = (
    (await (await admin('POST', `/accounts/${account.account_id}/profiles`, { name: 'Brand' })).json()) as {
      profile_id: string;
    }
  ).profile_id;
  await admin('PUT', `/profiles/${profileId}/networks/x`, {});
  apiKey = (
    (await (await admin('POST', `/accounts/${account.account_id}/keys`, { name: 'k' })).json()) as {
      api_key: string;
    }
  ).api_key;
  const posted = await s.app.request('/api/v2/posts', {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ post: { accountId: profileId, platform: 'x', content: { text: 'hello' } } }),
  });
  const body = (await posted.json()) as { service: { post_id: string } };
  expect(posted.status, JSON.stringify(body)).toBe(200);
  postId = body.service.post_id;
});
afterEach(() => s.close());

/** Each read, its answers and its refusals; `{profile}` and `{post}` are filled in. */
const REQUESTS = [
  '/api/v2/accounts',
  '/api/v2/accounts?colour=blue',
  '/api/v2/accounts/{profile}/options',
  '/api/v2/accounts/{profile}/options?platforms=x,nope',
  '/api/v2/accounts/{profile}/options?platforms=x&platforms=x',
  '/api/v2/accounts/not-a-uuid/options',
  '/api/v2/posts',
  '/api/v2/posts?limit=1&colour=blue',
  '/api/v2/posts?limit=many',
  '/api/v2/posts/{post}',
  '/api/v2/posts/{POST}',
  '/api/v2/posts/00000000-0000-4000-8000-000000000000',
  '/api/v2/posts/not-a-uuid',
  '/api/v2/post%73/{post}',
  '/api/v2/media',
  '/api/v2/media?file_id=00000000-0000-4000-8000-000000000000',
  '/api/v2/media/files',
  '/api/v2/media/files?limit=0',
];
const fill = (path: string) =>
  path.replace('{profile}', profileId).replace('{post}', postId).replace('{POST}', postId.toUpperCase());

type LogRow = { method: string; path: string; status: number; error: { code: string } | null };
const logged = async (count: number) =>
  ((await (await admin('GET', `/requests?limit=${count}`)).json()) as { data: LogRow[] }).data.map((r) => [
    r.method,
    r.path,
    r.status,
    r.error?.code ?? null,
  ]);

describe('every read answers in its turn', () => {
  it('answers every GET of /api/v2 the API document defines without a promise', async () => {
    const documented = OPERATIONS.filter((op) => op.method === 'GET' && op.path.startsWith('/api/v2/'));
    expect(documented.length).toBeGreaterThanOrEqual(6);
    for (const op of documented) {
      const path = op.path.replace(/\{id\}/, op.path.startsWith('/api/v2/posts') ? postId : profileId);
      const answer = read(path);
      expect(answer, op.path).not.toBeInstanceOf(Promise);
      // A route answered: its read, or its own refusal of a missing query (GET /media wants a file).
      expect([200, 400], op.path).toContain((await answer).status);
    }
  });

  it('answers each read at once with the same bytes and log rows while a fault is armed elsewhere', async () => {
    const paths = [...REQUESTS.map(fill), '/api/v2/accounts', '/api/v2/posts'];
    const keys = [...REQUESTS.map(() => apiKey), null, 'sp_live_wrong'];
    const lane = [];
    for (const [i, path] of paths.entries()) {
      const answer = read(path, keys[i]);
      expect(answer, path).not.toBeInstanceOf(Promise);
      lane.push(await bytes(answer));
    }
    const laneLog = await logged(paths.length);
    expect(lane.map((a) => a.status)).toContain(200);
    expect(lane.map((a) => a.status)).toEqual(expect.arrayContaining([400, 401, 404]));

    // A fault armed elsewhere is asked about and changes nothing else: no other path is taken.
    await admin('POST', '/faults', { match: { method: 'DELETE', path: '/api/v2/nothing' }, answer: 'drop' });
    for (const [i, path] of paths.entries()) {
      const answer = read(path, keys[i]);
      expect(answer, path).not.toBeInstanceOf(Promise);
      expect(await bytes(answer), path).toEqual(lane[i]);
    }
    // The admin request above sits between the two passes; the log is newest first.
    expect((await logged(2 * paths.length + 2)).slice(0, paths.length)).toEqual(laneLog);
  });

  it('applies a fault armed on a read, before or after the work, then answers at once again', async () => {
    const path = `/api/v2/posts/${postId}`;
    await admin('POST', '/faults', {
      match: { method: 'GET', path },
      answer: { status: 503, code: 'caller_check_unavailable' },
      times: 1,
    });
    const before = read(path);
    expect(before).not.toBeInstanceOf(Promise);
    expect((await before).status).toBe(503);
    await admin('POST', '/faults', {
      match: { method: 'GET', path: '/api/v2/media/files' },
      answer: { status: 500, code: 'server_error' },
      when: 'after',
      times: 1,
    });
    const after = await read('/api/v2/media/files');
    expect(after.status).toBe(500);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('server_error');
    const again = read(path);
    expect(again).not.toBeInstanceOf(Promise);
    expect((await again).status).toBe(200);
    expect((await logged(5)).slice(0, 1)).toEqual([['GET', path, 200, null]]);
  });

  it('counts every read against the 60 a minute, exactly', async () => {
    // Publishing is no read: 60 reads pass, the 61st of any counted read is refused.
    for (let i = 0; i < 60; i++) expect((await read('/api/v2/posts')).status, `read ${i + 1}`).toBe(200);
    const refused = read(`/api/v2/posts/${postId}`);
    expect(refused).not.toBeInstanceOf(Promise);
    expect((await refused).status).toBe(429);
  });
});
