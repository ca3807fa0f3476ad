import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../../src/http/json-body.js';
import { ADMIN_TOKEN, accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';
import {
  expectRefused,
  junkProperty,
  junkValue,
  nonUuidSegment,
  withControlChars,
} from './bad-input-helpers.js';

/**
 * reference-server.md, Admin API: JSON in and out, errors as `{error: {code, message}}`. Every
 * body route refuses junk with 400 bad_request, every unknown id with 404, and nothing changes.
 */

let t: TestApp;
let f: Fixture;
const OTHER_UUID = '00000000-0000-4000-8000-000000000000';
const ADMIN = `Bearer ${ADMIN_TOKEN}`;

beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterEach(() => t.close());

/** Admin routes that read a JSON body, with the placeholders filled in per test. */
const BODY_ROUTES: [method: string, path: string, fields: string[]][] = [
  [
    'POST',
    '/accounts',
    ['plan', 'x_addon', 'email', 'password', 'created_at', 'share_links', 'uploads_enabled'],
  ],
  ['PATCH', '/accounts/{account}', ['plan', 'x_addon', 'email']],
  ['POST', '/accounts/{account}/keys', ['name']],
  ['POST', '/accounts/{account}/profiles', ['name', 'handle', 'created_at']],
  ['PUT', '/profiles/{profile}/networks/linkedin', ['username', 'health', 'status', 'options', 'simulate']],
  ['PATCH', '/profiles/{profile}/networks/x', ['username', 'health', 'access_expires_at']],
  ['POST', '/accounts/{account}/media', ['file_name', 'content_base64', 'confirm_before_posting']],
  ['POST', '/clock', ['now', 'advance_seconds']],
  ['POST', '/faults', ['match', 'answer', 'when', 'times']],
];

const fill = (path: string) =>
  `/admin/v1${path.replace('{account}', f.accountId).replace('{profile}', f.profileId)}`;
const big = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });

describe.each(BODY_ROUTES)('admin %s %s', (method, path, fields) => {
  it.each([
    ['not JSON', '{"a": '],
    ['a JSON array', '[1,2]'],
    ['JSON null', 'null'],
    // The dashboard upload (POST .../media) carries a file as base64 and takes a larger body.
    ...(path.endsWith('/media') ? [] : [['too large for a small body', big]]),
    ['an unknown field', JSON.stringify({ colour: 'red' })],
    [
      'a control character in a field',
      JSON.stringify({ [fields[0] ?? 'name']: 'bad\u0007value', colour: 1 }),
    ],
  ])('refuses %s with 400 bad_request and changes nothing', async (_label, body) => {
    await expectRefused(
      t,
      f.apiKey,
      { method, path: fill(path), body, auth: ADMIN },
      {
        status: 400,
        code: 'bad_request',
        family: 'standard',
      },
    );
  });

  it('answers any junk body (always with a field it does not know) with 400 and no change', async () => {
    const junk = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
      fc
        .dictionary(fc.constantFrom(...fields), junkValue, { maxKeys: 3 })
        .chain((known) => junkValue.map((v) => ({ ...known, unknown_field: v }))),
      withControlChars.map((s) => `{${s}`),
    );
    await junkProperty(
      t,
      junk,
      (body) => ({
        method,
        path: fill(path),
        auth: ADMIN,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
      'standard',
      f.apiKey,
      (refusal) => expect([refusal.status, refusal.code]).toEqual([400, 'bad_request']),
    );
  });
});

describe('admin field rules', () => {
  it.each([
    ['POST', '/accounts', { plan: 'platinum' }],
    ['POST', '/accounts', { email: 'not-an-email' }],
    ['POST', '/accounts', { password: 'short' }],
    ['POST', '/accounts', { created_at: '2026-01-01T00:00:00' }],
    ['POST', '/accounts/{account}/profiles', { name: 'n'.repeat(101) }],
    ['PUT', '/profiles/{profile}/networks/myspace', {}],
    ['PUT', '/profiles/{profile}/networks/threads', { health: 'great' }],
    ['PUT', '/profiles/{profile}/networks/threads', { simulate: { outcome: 'explode' } }],
    ['POST', '/clock', { advance_seconds: -5 }],
    ['POST', '/clock', { now: '2020-01-01T00:00:00Z' }],
    ['POST', '/clock', { now: '2030-01-01T00:00:00Z', advance_seconds: 1 }],
    ['POST', '/faults', { answer: { status: 200, code: 'ok' } }],
    ['POST', '/faults', { answer: 'drop', match: { method: 'GET!' } }],
  ])('refuses %s %s %j with 400 bad_request', async (method, path, body) => {
    await expectRefused(
      t,
      f.apiKey,
      { method, path: fill(path), body: JSON.stringify(body), auth: ADMIN },
      {
        status: 400,
        code: 'bad_request',
        family: 'standard',
      },
    );
  });

  it.each([
    ['GET', '/requests?limit=0'],
    ['GET', '/requests?limit=many'],
    ['GET', '/requests?account_id=nope'],
  ])('refuses %s %s with 400 bad_request', async (method, path) => {
    await expectRefused(
      t,
      f.apiKey,
      { method, path: fill(path), auth: ADMIN },
      { status: 400, code: 'bad_request', family: 'standard' },
    );
  });
});

describe('admin ids that name nothing', () => {
  const ID_ROUTES: [string, string, string | undefined][] = [
    ['GET', '/accounts/{id}', undefined],
    ['PATCH', '/accounts/{id}', '{}'],
    ['POST', '/accounts/{id}/keys', '{}'],
    ['POST', '/accounts/{id}/profiles', '{"name":"n"}'],
    ['GET', '/accounts/{id}/outbox', undefined],
    ['DELETE', '/keys/{id}', undefined],
    ['PUT', '/profiles/{id}/networks/x', '{}'],
    ['PATCH', '/profiles/{id}/networks/x', '{}'],
    ['DELETE', '/profiles/{id}/networks/x', undefined],
    ['DELETE', '/faults/{id}', undefined],
  ];
  it.each(ID_ROUTES)(
    'answers %s %s with any unknown id as 404 not_found and no change',
    async (method, path, body) => {
      await junkProperty(
        t,
        fc.oneof(nonUuidSegment, fc.constant(OTHER_UUID)),
        (id) => ({ method, path: `/admin/v1${path.replace('{id}', id)}`, auth: ADMIN, body }),
        'standard',
        f.apiKey,
        (refusal) => expect([refusal.status, refusal.code]).toEqual([404, 'not_found']),
      );
    },
  );

  it('answers a wrong or missing admin token with 401 unauthorized and no change', async () => {
    await junkProperty(
      t,
      fc.oneof(
        fc.constant(null),
        fc.string({ maxLength: 40 }).map((s) => `Bearer ${s.replace(/[\r\n\0]/g, '')}`),
      ),
      (auth) => ({ method: 'POST', path: '/admin/v1/accounts', auth, body: '{}' }),
      'standard',
      f.apiKey,
      (refusal) => expect([refusal.status, refusal.code]).toEqual([401, 'unauthorized']),
    );
  });
});
