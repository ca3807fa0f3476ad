import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';
import {
  type BodyFamily,
  expectRefused,
  hugeString,
  junkProperty,
  nonUuidSegment,
  withControlChars,
} from './bad-input-helpers.js';

/** Errors, Reads and Authentication: accounts and options reads, and the key on every route. */

let t: TestApp;
let f: Fixture;
const OTHER_UUID = '00000000-0000-4000-8000-000000000000';

beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterEach(() => t.close());

describe('GET /api/v2/accounts/{id}/options', () => {
  it.each([
    ['platforms', 'myspace'],
    ['platforms', ','],
    ['platforms', 'x,\u0007'],
    ['platforms', 'x&platforms=tiktok'],
    ['skool_group_slug', ''],
    ['skool_group_slug', 's'.repeat(201)],
  ])('refuses %s=%s with 400 bad_request naming the parameter', async (parameter, value) => {
    const query = value.includes('&') ? `${parameter}=${value}` : new URLSearchParams({ [parameter]: value });
    await expectRefused(
      t,
      f.apiKey,
      { method: 'GET', path: `/api/v2/accounts/${f.profileId}/options?${query}` },
      { status: 400, code: 'bad_request', family: 'standard', parameter },
    );
  });

  it('answers a profile that is not on the account with 404 account_not_found', async () => {
    await expectRefused(
      t,
      f.apiKey,
      { method: 'GET', path: `/api/v2/accounts/${OTHER_UUID}/options` },
      { status: 404, code: 'account_not_found', family: 'standard' },
    );
  });

  it('answers any id that is not a UUID with 400 bad_request parameter id and no change', async () => {
    await junkProperty(
      t,
      nonUuidSegment,
      (id) => ({ method: 'GET', path: `/api/v2/accounts/${id}/options` }),
      'standard',
      f.apiKey,
      (refusal) => {
        expect([refusal.status, refusal.code]).toEqual([400, 'bad_request']);
        expect((refusal.body['error'] as { parameter: string }).parameter).toBe('id');
      },
    );
  });

  it('answers any junk platforms or over-long skool_group_slug with 400 naming it and no change', async () => {
    const query = fc.oneof(
      fc.oneof(withControlChars, hugeString).map((v) => ['platforms', v] as const),
      fc.integer({ min: 201, max: 5000 }).map((n) => ['skool_group_slug', 's'.repeat(n)] as const),
    );
    await junkProperty(
      t,
      query,
      ([name, value]) => ({
        method: 'GET',
        path: `/api/v2/accounts/${f.profileId}/options?${new URLSearchParams({ [name]: value, colour: 'x' })}`,
      }),
      'standard',
      f.apiKey,
      (refusal, [name]) => {
        expect(refusal.status).toBe(400);
        expect((refusal.body['error'] as { parameter: string }).parameter).toBe(name);
      },
    );
  });
});

/** Every mounted API route with its family and its code for a missing or wrong key. */
const ROUTES: [method: string, path: string, family: BodyFamily, code: string][] = [
  ['POST', '/api/v2/posts', 'standard', 'unauthorized'],
  ['GET', '/api/v2/posts', 'standard', 'unauthorized'],
  ['GET', `/api/v2/posts/${OTHER_UUID}`, 'standard', 'unauthorized'],
  ['DELETE', `/api/v2/posts/${OTHER_UUID}`, 'standard', 'unauthorized'],
  ['POST', '/legacy/posts', 'legacy', 'api_error'],
  ['DELETE', `/legacy/posts/${OTHER_UUID}`, 'legacy', 'api_error'],
  ['GET', '/api/v2/accounts', 'standard', 'unauthorized'],
  ['GET', `/api/v2/accounts/${OTHER_UUID}/options`, 'standard', 'unauthorized'],
  ['POST', '/api/v2/media', 'media_import', 'unauthorized'],
  ['GET', `/api/v2/media?file_id=${OTHER_UUID}`, 'media_import', 'unauthorized'],
  ['POST', '/legacy/media', 'media_import', 'unauthorized'],
  ['GET', '/api/v2/media/files', 'standard', 'unauthorized'],
  ['POST', '/api/v2/media/uploads', 'upload_link', 'unauthorized'],
  ['POST', `/api/v2/media/uploads/${OTHER_UUID}/token`, 'upload_link', 'unauthorized'],
  ['POST', `/api/v2/media/uploads/${OTHER_UUID}/complete`, 'upload_link', 'unauthorized'],
  ['DELETE', `/api/v2/media/uploads/${OTHER_UUID}`, 'upload_link', 'unauthorized'],
];

describe.each(ROUTES)('%s %s without a valid key', (method, path, family, code) => {
  it('answers any junk Authorization header with 401 in the family and no change', async () => {
    const auth = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 60 }).map((s) => `Bearer ${s.replace(/[\r\n\0]/g, '')}`),
      withControlChars.map((s) => `Bearer sp_live_${s.replace(/[\r\n\0]/g, '')}`),
      hugeString.map((s) => `Bearer ${s}`),
      fc.constant(`Basic ${Buffer.from(`user:${f.apiKey}`).toString('base64')}`),
    );
    await junkProperty(
      t,
      auth,
      (authorization) => ({ method, path, auth: authorization, body: method === 'POST' ? '{}' : undefined }),
      family,
      f.apiKey,
      (refusal) => expect([refusal.status, refusal.code]).toEqual([401, code]),
    );
  });
});

describe('methods an address does not take', () => {
  it.each([
    ['PUT', '/api/v2/posts', 'standard', 'method_not_allowed'],
    ['PATCH', `/api/v2/posts/${OTHER_UUID}`, 'standard', 'method_not_allowed'],
    ['GET', '/legacy/posts', 'legacy', 'api_error'],
    ['PUT', `/legacy/posts/${OTHER_UUID}`, 'legacy', 'api_error'],
    ['POST', '/api/v2/accounts', 'standard', 'method_not_allowed'],
    ['DELETE', '/api/v2/media', 'media_import', 'method_not_allowed'],
    ['GET', '/legacy/media', 'media_import', 'method_not_allowed'],
    ['POST', '/api/v2/media/files', 'standard', 'method_not_allowed'],
    ['GET', '/api/v2/media/uploads', 'upload_link', 'method_not_allowed'],
    ['GET', `/api/v2/media/uploads/${OTHER_UUID}/complete`, 'upload_link', 'method_not_allowed'],
  ] as const)('answers %s %s with 405 and an Allow header', async (method, path, family, code) => {
    const refusal = await expectRefused(
      t,
      f.apiKey,
      { method, path, body: method === 'GET' ? undefined : '{}' },
      {
        status: 405,
        code,
        family,
      },
    );
    expect(refusal.headers.get('allow')).toEqual(expect.stringMatching(/[A-Z]/));
  });
});
