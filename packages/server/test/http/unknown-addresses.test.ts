import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../../src/http/json-body.js';
import {
  ADMIN_TOKEN,
  accountWithProfile,
  type Fixture,
  type TestApp,
  tableCounts,
  testApp,
} from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;

beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterEach(() => t.close());

describe('unknown addresses and methods', () => {
  it('answers 404 not_found for an unknown path', async () => {
    const res = await t.api('GET', '/api/v2/nothing-here', f.apiKey);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await t.app.request('/nowhere')).status).toBe(404);
  });

  it.each([
    ['POST', '/api/v2/accounts', 'GET, OPTIONS', 'method_not_allowed'],
    [
      'DELETE',
      '/api/v2/accounts/00000000-0000-4000-8000-000000000000/options',
      'GET, OPTIONS',
      'method_not_allowed',
    ],
    ['GET', '/legacy/posts', 'POST', 'api_error'],
    ['PUT', '/api/v2/media/uploads', 'POST', 'method_not_allowed'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow, code) => {
    const res = await t.api(method, path, f.apiKey);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  it('answers GET on the older media address with 405 in the media-import family', async () => {
    const res = await t.api('GET', '/legacy/media', f.apiKey);
    expect(res.status).toBe(405);
    const body = (await res.json()) as { error: string; code: string };
    expect(typeof body.error).toBe('string');
    expect(body.code).toBe('method_not_allowed');
  });

  it('answers OPTIONS on a read with 204 and the Allow header', async () => {
    const res = await t.api('OPTIONS', '/api/v2/accounts', f.apiKey);
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, OPTIONS');
  });

  it('answers GET /health with status ok', async () => {
    expect(await (await t.app.request('/health')).json()).toEqual({ status: 'ok' });
  });
});

const big = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });

describe('bad input corpus on the admin API changes nothing', () => {
  const accountBody = (id: string) => `/accounts/${id}/profiles`;
  it.each([
    ['not JSON', '{"name": ', 400, 'bad_request'],
    ['a JSON array', '[1,2]', 400, 'bad_request'],
    ['a JSON string', '"hello"', 400, 'bad_request'],
    ['too large', big, 400, 'bad_request'],
    ['a wrong type', JSON.stringify({ name: 42 }), 400, 'bad_request'],
    ['control characters', JSON.stringify({ name: 'bad\u0007name' }), 400, 'bad_request'],
    ['an unknown field', JSON.stringify({ name: 'ok', colour: 'red' }), 400, 'bad_request'],
    ['an empty name', JSON.stringify({ name: '' }), 400, 'bad_request'],
    [
      'a time without zone',
      JSON.stringify({ name: 'ok', created_at: '2026-01-01T00:00:00' }),
      400,
      'bad_request',
    ],
  ])('refuses %s with %i %s', async (_label, body, status, code) => {
    const before = tableCounts(t);
    const res = await t.app.request(`/admin/v1${accountBody(f.accountId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    expect(tableCounts(t)).toEqual(before);
  });

  it.each([
    ['PUT', '/profiles/not-a-uuid/networks/x', {}, 404],
    ['PUT', '/profiles/{profile}/networks/myspace', {}, 400],
    ['PUT', '/profiles/{profile}/networks/threads', { health: 'great' }, 400],
    ['PUT', '/profiles/{profile}/networks/threads', { simulate: { outcome: 'explode' } }, 400],
    ['POST', '/accounts', { plan: 'platinum' }, 400],
    ['POST', '/accounts', { x_addon: 'yes' }, 400],
    ['POST', '/accounts/{account}/media', { file_name: 'a.gif', content_base64: 'R0lGODlh' }, 415],
    ['POST', '/faults', { answer: { status: 200, code: 'ok' } }, 400],
  ])('refuses %s %s with %i and no change', async (method, path, body, status) => {
    const before = tableCounts(t);
    const res = await t.admin(
      method,
      path.replace('{profile}', f.profileId).replace('{account}', f.accountId),
      body,
    );
    expect(res.status).toBe(status);
    expect(tableCounts(t)).toEqual(before);
  });

  it('answers 401 for a wrong admin token and 404 for the admin API when no token is configured', async () => {
    const res = await t.app.request('/admin/v1/clock', {
      headers: { authorization: 'Bearer nope-nope-nope' },
    });
    expect(res.status).toBe(401);
    const plain = await testApp({ adminToken: '' });
    try {
      expect((await plain.app.request('/admin/v1/clock')).status).toBe(404);
      expect(plain.adminEnabled).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
