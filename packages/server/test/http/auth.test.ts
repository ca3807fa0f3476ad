import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;

beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterEach(() => t.close());

describe('API key authentication', () => {
  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])(
    'accepts the word %s in any capitalisation',
    async (word) => {
      const res = await t.app.request('/api/v2/accounts', {
        headers: { authorization: `${word} ${f.apiKey}` },
      });
      expect(res.status).toBe(200);
    },
  );

  it.each([
    ['missing', null],
    ['unknown', 'sp_live_doesnotexist'],
    ['malformed', 'Token abc'],
  ])('answers 401 unauthorized in the standard family for a %s key', async (_label, header) => {
    const res = await t.app.request(
      '/api/v2/accounts',
      header === null ? {} : { headers: { authorization: header } },
    );
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('unauthorized');
    expect(JSON.stringify(body)).not.toContain('sp_live_doesnotexist');
  });

  it('answers 401 once a key is revoked', async () => {
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
    expect((await t.admin('DELETE', `/keys/${f.keyId}`)).status).toBe(200);
    const res = await t.api('GET', '/api/v2/accounts', f.apiKey);
    expect(res.status).toBe(401);
  });

  it.each([
    [
      '/api/v2/posts',
      'POST',
      (b: Record<string, unknown>) => (b.error as { code: string }).code,
      'unauthorized',
    ],
    ['/api/v2/media', 'POST', (b: Record<string, unknown>) => b.code, 'unauthorized'],
    ['/legacy/media', 'POST', (b: Record<string, unknown>) => b.code, 'unauthorized'],
    [
      '/api/v2/media/uploads',
      'POST',
      (b: Record<string, unknown>) => (b.error as { code: string }).code,
      'unauthorized',
    ],
    [
      '/legacy/posts',
      'POST',
      (b: Record<string, unknown>) => (b.error as { code: string }).code,
      'api_error',
    ],
  ])('answers 401 on %s in that address body family', async (path, method, codeOf, code) => {
    const res = await t.api(method, path, 'sp_live_wrong');
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(codeOf(body)).toBe(code);
    if (path.includes('/media') && !path.includes('uploads')) expect(typeof body.error).toBe('string');
    if (path.includes('uploads'))
      expect((body.error as { next_step: string }).next_step).toEqual(expect.any(String));
  });

  it('shows another account profile exactly like a nonexistent one', async () => {
    const other = await accountWithProfile(t);
    const foreign = await t.api('GET', `/api/v2/accounts/${other.profileId}/options`, f.apiKey);
    const missing = await t.api(
      'GET',
      '/api/v2/accounts/00000000-0000-4000-8000-000000000000/options',
      f.apiKey,
    );
    expect(foreign.status).toBe(404);
    const [a, b] = [(await foreign.json()) as { error: object }, (await missing.json()) as { error: object }];
    expect(a).toEqual(b);
    expect((a.error as { code: string }).code).toBe('account_not_found');
    const list = (await (await t.api('GET', '/api/v2/accounts', f.apiKey)).json()) as {
      data: { profile_id: string }[];
    };
    expect(list.data.map((p) => p.profile_id)).toEqual([f.profileId]);
  });
});
