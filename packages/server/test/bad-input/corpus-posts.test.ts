import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../../src/http/json-body.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';
import {
  type BodyFamily,
  dataSnapshot,
  expectRefused,
  freshMinute,
  hugeString,
  junkBody,
  junkProperty,
  junkValue,
  nonUuidSegment,
  send,
  withControlChars,
} from './bad-input-helpers.js';

/** Errors, POST /posts and Reads: the posts addresses refuse every malformed input unchanged. */

let t: TestApp;
let f: Fixture;
const OTHER_UUID = '00000000-0000-4000-8000-000000000000';

beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t, { x: {}, linkedin: {}, threads: {} }, { plan: 'skilled', x_addon: true });
});
afterEach(() => t.close());

const json = (value: unknown) => JSON.stringify(value);
const post = (fields: Record<string, unknown>, outer: Record<string, unknown> = {}) =>
  json({ post: { accountId: '{profile}', platform: 'x', content: { text: 'hello' }, ...fields }, ...outer });
const tooLarge = json({ post: { content: { text: 'x'.repeat(JSON_BODY_LIMIT_BYTES) } } });

type Row = [label: string, body: string, status: number, code: string];

/** The refusals both posts addresses share: the older address keeps these codes too. */
const SHARED_POST_ROWS: Row[] = [
  ['an unknown platform', post({ platform: 'myspace' }), 400, 'bad_request'],
  ['a platform of the wrong type', post({ platform: 7 }), 400, 'bad_request'],
  ['an accountId of the wrong type', post({ accountId: 42 }), 400, 'bad_request'],
  ['media sent as text', post({ content: { text: 'hi', mediaID: 'abc' } }), 400, 'bad_request'],
  ['text with content of the wrong type', post({ content: 'hello' }), 400, 'bad_request'],
  [
    'a scheduledFor that cannot be read',
    post({ scheduledFor: 'next tuesday-ish' }),
    400,
    'scheduled_for_invalid',
  ],
  [
    'a scheduledFor without a time zone',
    post({ scheduledFor: '2026-05-01T10:00:00' }),
    400,
    'scheduled_for_invalid',
  ],
  ['a scheduledFor of the wrong type', post({ scheduledFor: { at: 1 } }), 400, 'scheduled_for_invalid'],
  [
    'threads text over 500 characters',
    post({ platform: 'threads', content: { text: 'y'.repeat(501) } }),
    400,
    'bad_request',
  ],
  [
    'a mediaID never imported',
    post({ content: { text: 'hi', mediaID: [OTHER_UUID] } }),
    404,
    'media_not_found',
  ],
];

const CURRENT_ROWS: Row[] = [
  ['a body that is not JSON', '{"post": ', 400, 'bad_request'],
  ['a body over the size limit', tooLarge, 400, 'bad_request'],
  ['a JSON array', '[1,2]', 400, 'bad_request'],
  ['a JSON string', '"post"', 400, 'bad_request'],
  ['no post', json({}), 400, 'bad_request'],
  ['a post that is not an object', json({ post: 'x' }), 400, 'bad_request'],
  ['no accountId', json({ post: { platform: 'x', content: { text: 'a' } } }), 400, 'bad_request'],
  ['no platform', json({ post: { accountId: '{profile}', content: { text: 'a' } } }), 400, 'bad_request'],
  ['a dryRun that is not a boolean', post({}, { dryRun: 'yes' }), 400, 'bad_request'],
  ['a profile not on the account', post({ accountId: OTHER_UUID }), 403, 'account_not_found'],
  ['a profile name with control characters', post({ accountId: 'Bra\u0007nd' }), 403, 'account_not_found'],
  ['an over-long profile name', post({ accountId: 'b'.repeat(5000) }), 403, 'account_not_found'],
  ...SHARED_POST_ROWS,
];

/** "Older addresses": its own refusals are `api_error`; an unknown profile is 404 api_error. */
const LEGACY_ROWS: Row[] = [
  ['a body that is not JSON', '{"post": ', 400, 'api_error'],
  ['a body over the size limit', tooLarge, 400, 'api_error'],
  ['a JSON array', '[1,2]', 400, 'api_error'],
  ['no post', json({}), 400, 'api_error'],
  ['no accountId', json({ post: { platform: 'x', content: { text: 'a' } } }), 400, 'api_error'],
  ['no platform', json({ post: { accountId: '{profile}', content: { text: 'a' } } }), 400, 'api_error'],
  ['a dryRun that is not a boolean', post({}, { dryRun: 'yes' }), 400, 'api_error'],
  ['a profile not on the account', post({ accountId: OTHER_UUID }), 404, 'api_error'],
  // The older address names every refusal of its own request shape `api_error` (http/address.ts).
  ...SHARED_POST_ROWS.map(
    ([label, body, status, code]): Row => [label, body, status, code === 'bad_request' ? 'api_error' : code],
  ),
];

describe.each([
  ['/api/v2/posts', 'standard' as BodyFamily, CURRENT_ROWS],
  ['/legacy/posts', 'legacy' as BodyFamily, LEGACY_ROWS],
])('POST %s', (path, family, rows) => {
  it.each(rows.map(([label, body, status, code]) => ({ label, body, status, code })))(
    'refuses $label with $status $code and changes nothing',
    async ({ body, status, code }) => {
      await expectRefused(
        t,
        f.apiKey,
        { method: 'POST', path, body: body.replaceAll('{profile}', f.profileId) },
        {
          status,
          code,
          family,
        },
      );
    },
  );

  it.each([
    ['a control character', 'key\u0001'],
    ['an empty key', '""'],
    ['a key over 255 characters', 'k'.repeat(256)],
    ['a non-ASCII key', 'clé'],
  ])('refuses an Idempotency-Key with %s', async (_label, key) => {
    await expectRefused(
      t,
      f.apiKey,
      {
        method: 'POST',
        path,
        body: post({}).replace('{profile}', f.profileId),
        headers: { 'idempotency-key': key },
      },
      { status: 400, code: 'idempotency_key_invalid', family },
    );
  });

  it('refuses a request without a key or with a wrong key as 401', async () => {
    const code = family === 'legacy' ? 'api_error' : 'unauthorized';
    for (const auth of [null, 'Bearer sp_live_nope', 'Basic Zm9vOmJhcg==', `Bearer ${'k'.repeat(5000)}`]) {
      await expectRefused(
        t,
        f.apiKey,
        { method: 'POST', path, body: post({}), auth },
        { status: 401, code, family },
      );
    }
  });

  it('answers any junk body with a 4xx in the family, a message and no change', async () => {
    await junkProperty(
      t,
      junkBody(['post', 'validate', 'dryRun']),
      (body) => ({ method: 'POST', path, body }),
      family,
      f.apiKey,
    );
  });

  it('answers junk inside post with a 4xx and no change', async () => {
    const junkPost = fc.record(
      {
        accountId: fc.oneof(junkValue, fc.constant(f.profileId)),
        platform: fc.oneof(junkValue, fc.constantFrom('x', 'threads')),
        content: fc.oneof(junkValue, fc.record({ text: junkValue, mediaID: junkValue })),
        scheduledFor: junkValue,
      },
      { requiredKeys: [] },
    );
    await junkProperty(
      t,
      junkPost.filter((p) => typeof p.accountId !== 'string' || p.platform !== undefined),
      (p) => ({ method: 'POST', path, body: json({ post: p, dryRun: false }) }),
      family,
      f.apiKey,
    );
  });
});

describe('unknown fields on POST /api/v2/posts', () => {
  it('names an unknown field in warnings of a dry run and records nothing (not a refusal: Warnings)', async () => {
    await freshMinute(t);
    const before = dataSnapshot(t);
    const res = await send(t, f.apiKey, {
      method: 'POST',
      path: '/api/v2/posts',
      body: post({ colour: 'red' }, { dryRun: true }).replace('{profile}', f.profileId),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { warnings: { code: string }[] };
    expect(body.warnings.map((w) => w.code)).toContain('unknown_field');
    expect(dataSnapshot(t)).toEqual(before);
  });
});

describe('GET /api/v2/posts', () => {
  it.each([
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'ten'],
    ['limit', '5.5'],
    ['cursor', 'not-a-cursor'],
    ['cursor', encodeURIComponent('\u0001')],
    ['status', 'published'],
    ['status', 'success,exploded'],
    ['platform', 'myspace'],
    ['platform', 'x,linkedin'],
    ['kind', 'tweet'],
    ['profile_id', 'not-a-uuid'],
    ['profile_id', encodeURIComponent('\u0007')],
    ['limit', `1&limit=2`],
  ])('refuses %s=%s with 400 bad_request naming the parameter', async (parameter, value) => {
    await expectRefused(
      t,
      f.apiKey,
      { method: 'GET', path: `/api/v2/posts?${parameter}=${value}` },
      { status: 400, code: 'bad_request', family: 'standard', parameter },
    );
  });

  it('answers any junk query with 400 bad_request naming a sent parameter and no change', async () => {
    const invalid = fc.oneof(withControlChars, hugeString);
    const query = fc.dictionary(
      fc.constantFrom('limit', 'cursor', 'status', 'platform', 'kind', 'profile_id'),
      invalid,
      {
        minKeys: 1,
        maxKeys: 3,
      },
    );
    await junkProperty(
      t,
      fc.tuple(query, fc.dictionary(fc.constantFrom('colour', 'page'), fc.string(), { maxKeys: 1 })),
      ([known, unknown]) => ({
        method: 'GET',
        path: `/api/v2/posts?${new URLSearchParams({ ...unknown, ...known })}`,
      }),
      'standard',
      f.apiKey,
      (refusal, [known]) => {
        expect(refusal.status).toBe(400);
        expect(Object.keys(known)).toContain((refusal.body['error'] as { parameter: string }).parameter);
      },
    );
  });
});

describe.each([
  ['GET', '/api/v2/posts/', 'bad_request', 'standard' as BodyFamily],
  ['DELETE', '/api/v2/posts/', 'bad_request', 'standard' as BodyFamily],
  // The older address takes DELETE "with the same answers": a non-UUID id is 400 bad_request there too.
  ['DELETE', '/legacy/posts/', 'bad_request', 'legacy' as BodyFamily],
])('%s %s{id}', (method, prefix, code, family) => {
  it('answers an id that is not on the account with 404 post_not_found', async () => {
    await expectRefused(
      t,
      f.apiKey,
      { method, path: `${prefix}${OTHER_UUID}` },
      { status: 404, code: 'post_not_found', family },
    );
  });

  it('answers any id that is not a UUID with 400 and no change', async () => {
    await junkProperty(
      t,
      nonUuidSegment,
      (id) => ({ method, path: `${prefix}${id}` }),
      family,
      f.apiKey,
      (refusal) => {
        expect(refusal.status).toBe(400);
        expect(refusal.code).toBe(code);
      },
    );
  });
});
