import type { UploadLink } from '@socialpub/core';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../../src/http/json-body.js';
import type { Fixture, TestApp } from '../helpers/test-app.js';
import { announce, createLink, jpegBytes, uploadsTest } from '../helpers/uploads.js';
import {
  expectRefused,
  hugeString,
  junkBody,
  junkProperty,
  nonUuidSegment,
  withControlChars,
} from './bad-input-helpers.js';

/** Errors, Media import and Upload links: malformed input is refused in the address's family. */

let t: TestApp;
let f: Fixture;
let link: UploadLink;
const OTHER_UUID = '00000000-0000-4000-8000-000000000000';
const json = (value: unknown) => JSON.stringify(value);
const tooLarge = json({ url: `https://example.com/${'x'.repeat(JSON_BODY_LIMIT_BYTES)}` });

beforeEach(async () => {
  ({ t, fixture: f } = await uploadsTest('skilled'));
  ({ link } = await createLink(t, f.apiKey, announce(jpegBytes(1000))));
});
afterEach(() => t.close());

describe.each(['/api/v2/media', '/legacy/media'])('POST %s (media import family)', (path) => {
  it.each([
    { label: 'a body that is not JSON', body: '{"url": ', status: 400, code: 'invalid_json' },
    { label: 'a body over the size limit', body: tooLarge, status: 400, code: 'invalid_json' },
    { label: 'no url', body: json({}), status: 400, code: 'invalid_url' },
    { label: 'a JSON array', body: '[1]', status: 400, code: 'invalid_url' },
    { label: 'a url of the wrong type', body: json({ url: 42 }), status: 400, code: 'invalid_url' },
    {
      label: 'a url that is not http(s)',
      body: json({ url: 'ftp://example.com/a.jpg' }),
      status: 400,
      code: 'invalid_url',
    },
    {
      label: 'a url with control characters',
      body: json({ url: 'https://exa\u0000mple.com/a.jpg' }),
      status: 400,
      code: 'invalid_url',
    },
    // A host name past DNS's 63-character label is refused before any connection is made.
    {
      label: 'an over-long host name',
      body: json({ url: `https://${'a'.repeat(20_000)}.com/a.jpg` }),
      status: 400,
      code: 'download_failed',
    },
  ])('refuses $label with $status $code and changes nothing', async ({ body, status, code }) => {
    await expectRefused(
      t,
      f.apiKey,
      { method: 'POST', path, body },
      { status, code, family: 'media_import' },
    );
  });

  it('refuses an Idempotency-Key with a control character', async () => {
    await expectRefused(
      t,
      f.apiKey,
      { method: 'POST', path, body: json({ url: 'ftp://x' }), headers: { 'idempotency-key': 'a\u0001b' } },
      { status: 400, code: 'idempotency_key_invalid', family: 'media_import' },
    );
  });

  it('answers any junk body with a 4xx in the media import family and no change', async () => {
    await junkProperty(
      t,
      junkBody(['url']),
      (body) => ({ method: 'POST', path, body }),
      'media_import',
      f.apiKey,
    );
  });
});

describe('GET /api/v2/media?file_id= (status request)', () => {
  it.each([
    ['missing', '/api/v2/media', 400, 'invalid_file_id'],
    ['not a UUID', '/api/v2/media?file_id=abc', 400, 'invalid_file_id'],
    ['a control character', '/api/v2/media?file_id=%07', 400, 'invalid_file_id'],
    ['not on the account', `/api/v2/media?file_id=${OTHER_UUID}`, 404, 'media_not_found'],
  ])('refuses a file_id %s with %i %s', async (_label, path, status, code) => {
    await expectRefused(t, f.apiKey, { method: 'GET', path }, { status, code, family: 'media_import' });
  });

  it('answers any junk file_id with 400 and no change', async () => {
    await junkProperty(
      t,
      fc.oneof(withControlChars, hugeString, fc.string()),
      (id) => ({ method: 'GET', path: `/api/v2/media?${new URLSearchParams({ file_id: id })}` }),
      'media_import',
      f.apiKey,
      (refusal) => expect(refusal.status).toBe(400),
    );
  });
});

describe('GET /api/v2/media/files', () => {
  it.each([
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'many'],
    ['type', 'gif'],
    ['since', '2026-01-01T00:00:00'],
    ['since', 'yesterday'],
    ['cursor', 'forged'],
    ['include_unconfirmed', 'maybe'],
    ['name_contains', 'n'.repeat(121)],
    ['name_contains', ''],
  ])('refuses %s=%s with 400 bad_request naming the parameter', async (parameter, value) => {
    await expectRefused(
      t,
      f.apiKey,
      { method: 'GET', path: `/api/v2/media/files?${new URLSearchParams({ [parameter]: value })}` },
      { status: 400, code: 'bad_request', family: 'standard', parameter },
    );
  });

  it('answers any junk query with 400 naming a sent parameter and no change', async () => {
    const invalid = (name: string) =>
      name === 'name_contains'
        ? fc.integer({ min: 121, max: 5000 }).map((n) => `\u0001${'n'.repeat(n)}`)
        : fc.oneof(withControlChars, hugeString);
    const names = ['limit', 'type', 'since', 'cursor', 'include_unconfirmed', 'name_contains'] as const;
    const query = fc
      .subarray([...names], { minLength: 1, maxLength: 3 })
      .chain((picked) => fc.tuple(...picked.map((name) => invalid(name).map((v) => [name, v] as const))));
    await junkProperty(
      t,
      query,
      (pairs) => ({
        method: 'GET',
        path: `/api/v2/media/files?${new URLSearchParams(pairs.map(([name, value]) => [name, value]))}`,
      }),
      'standard',
      f.apiKey,
      (refusal, pairs) => {
        expect(refusal.status).toBe(400);
        expect(pairs.map(([name]) => name)).toContain(
          (refusal.body['error'] as { parameter: string }).parameter,
        );
      },
    );
  });
});

const sha = 'a'.repeat(64);
describe('POST /api/v2/media/uploads (upload link family)', () => {
  it.each([
    { label: 'a body that is not JSON', body: '{"file_name"', status: 400, code: 'invalid_request' },
    {
      label: 'a body over the size limit',
      body: json({ file_name: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }),
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'no file_name',
      body: json({ size_bytes: 10, sha256: sha }),
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'a size of the wrong type',
      body: json({ file_name: 'a.jpg', size_bytes: '10', sha256: sha }),
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'a size of 0',
      body: json({ file_name: 'a.jpg', size_bytes: 0, sha256: sha }),
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'a sha256 that is not 64 hex',
      body: json({ file_name: 'a.jpg', size_bytes: 10, sha256: 'zz' }),
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'a file_id on a new link',
      body: json({ file_name: 'a.jpg', size_bytes: 10, sha256: sha, file_id: OTHER_UUID }),
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'an unknown shell',
      body: json({ file_name: 'a.jpg', size_bytes: 10, sha256: sha, shell: 'fish' }),
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'max_run_seconds out of range',
      body: json({ file_name: 'a.jpg', size_bytes: 10, sha256: sha, max_run_seconds: 5 }),
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'an extension not accepted',
      body: json({ file_name: 'a.gif', size_bytes: 10, sha256: sha }),
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      label: 'an image over 20 MB',
      body: json({ file_name: 'a.jpg', size_bytes: 20_971_521, sha256: sha }),
      status: 413,
      code: 'media_too_large',
    },
  ])('refuses $label with $status $code and changes nothing', async ({ body, status, code }) => {
    await expectRefused(
      t,
      f.apiKey,
      { method: 'POST', path: '/api/v2/media/uploads', body },
      { status, code, family: 'upload_link' },
    );
  });

  it('answers any junk body with a 4xx in the upload link family and no change', async () => {
    await junkProperty(
      t,
      junkBody(['file_name', 'size_bytes', 'sha256', 'shell', 'runner', 'max_run_seconds']),
      (body) => ({ method: 'POST', path: '/api/v2/media/uploads', body }),
      'upload_link',
      f.apiKey,
    );
  });
});

describe.each([
  ['POST', '/token'],
  ['POST', '/complete'],
  ['DELETE', ''],
])('%s /api/v2/media/uploads/{file_id}%s', (method, suffix) => {
  it('answers an unknown file_id with 404 media_not_found and no change', async () => {
    await expectRefused(
      t,
      f.apiKey,
      { method, path: `/api/v2/media/uploads/${OTHER_UUID}${suffix}` },
      { status: 404, code: 'media_not_found', family: 'upload_link' },
    );
  });

  it('answers any file_id that is not a UUID with 400 invalid_request and no change', async () => {
    await junkProperty(
      t,
      nonUuidSegment,
      (id) => ({ method, path: `/api/v2/media/uploads/${id}${suffix}` }),
      'upload_link',
      f.apiKey,
      (refusal) => expect([refusal.status, refusal.code]).toEqual([400, 'invalid_request']),
    );
  });
});

describe('POST /api/v2/media/uploads/{file_id}/token with a bad body', () => {
  it.each([
    { label: 'not JSON', body: '{"shell"' },
    { label: 'an unknown shell', body: json({ shell: 'fish' }) },
    { label: 'an unknown runner', body: json({ shell: 'sh', runner: 'deno' }) },
    { label: 'max_run_seconds of the wrong type', body: json({ max_run_seconds: 'long' }) },
  ])('refuses $label with 400 invalid_request and issues no token', async ({ body }) => {
    await expectRefused(
      t,
      f.apiKey,
      { method: 'POST', path: `/api/v2/media/uploads/${link.file_id}/token`, body },
      { status: 400, code: 'invalid_request', family: 'upload_link' },
    );
  });

  it('answers any junk body with a 4xx and issues no token', async () => {
    await junkProperty(
      t,
      junkBody(['shell', 'runner', 'max_run_seconds']).filter((b) => b !== '{}' && b !== 'null'),
      (body) => ({ method: 'POST', path: `/api/v2/media/uploads/${link.file_id}/token`, body }),
      'upload_link',
      f.apiKey,
    );
  });
});
