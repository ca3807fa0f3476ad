import type { UploadLink } from '@socialpub/core';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Fixture, TestApp } from '../helpers/test-app.js';
import { announce, createLink, jpegBytes, storagePath, uploadsTest } from '../helpers/uploads.js';
import {
  dataSnapshot,
  expectRefused,
  freshMinute,
  junkProperty,
  send,
  withControlChars,
} from './bad-input-helpers.js';

/**
 * The tus storage endpoint ("Own TUS client", reference-server.md Addresses): bad headers are
 * refused in the upload-link family (HEAD without a body) and no byte or offset is stored.
 */

let t: TestApp;
let f: Fixture;
let link: UploadLink;
const OTHER_UUID = '00000000-0000-4000-8000-000000000000';

beforeEach(async () => {
  ({ t, fixture: f } = await uploadsTest('skilled'));
  ({ link } = await createLink(t, f.apiKey, announce(jpegBytes(1000))));
});
afterEach(() => t.close());

describe('the tus storage endpoint with bad headers', () => {
  const tus = (headers: Record<string, string>) => ({
    'tus-resumable': '1.0.0',
    'x-signature': link.upload.token,
    ...headers,
  });
  const patch = { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' };
  it.each([
    {
      label: 'no token',
      method: 'PATCH',
      headers: { ...patch, 'tus-resumable': '1.0.0' },
      status: 401,
      code: 'unauthorized',
      token: false,
    },
    {
      label: 'a wrong token',
      method: 'PATCH',
      headers: { ...patch, 'x-signature': 'nope' },
      status: 401,
      code: 'unauthorized',
    },
    {
      label: 'an old Tus-Resumable',
      method: 'PATCH',
      headers: { ...patch, 'tus-resumable': '0.2.2' },
      status: 412,
      code: 'tus_version_unsupported',
    },
    {
      label: 'a wrong Content-Type',
      method: 'PATCH',
      headers: { ...patch, 'content-type': 'application/json' },
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      label: 'no Upload-Offset',
      method: 'PATCH',
      headers: { 'content-type': patch['content-type'] },
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'a negative Upload-Offset',
      method: 'PATCH',
      headers: { ...patch, 'upload-offset': '-1' },
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'a junk Upload-Offset',
      method: 'PATCH',
      headers: { ...patch, 'upload-offset': '1e3' },
      status: 400,
      code: 'invalid_request',
    },
    {
      label: 'an Upload-Offset past the stored one',
      method: 'PATCH',
      headers: { ...patch, 'upload-offset': '5' },
      status: 409,
      code: 'upload_offset_mismatch',
    },
    {
      label: 'a method clients may not use',
      method: 'POST',
      headers: {} as Record<string, string>,
      status: 405,
      code: 'method_not_allowed',
    },
  ])(
    'refuses $label with $status $code and stores nothing',
    async ({ method, headers, status, code, token }) => {
      const all = token === false ? headers : tus(headers);
      await expectRefused(
        t,
        f.apiKey,
        { method, path: storagePath(link), headers: all, auth: null, body: 'abc' },
        { status, code, family: 'upload_link' },
      );
    },
  );

  it.each([
    ['HEAD without a token', 'HEAD', storagePath, {}, 401],
    ['HEAD with an old Tus-Resumable', 'HEAD', storagePath, { 'tus-resumable': '0.2.2' }, 412],
    ['HEAD on an unknown upload', 'HEAD', () => `/storage/uploads/${OTHER_UUID}`, {}, 404],
    ['HEAD on a non-UUID id', 'HEAD', () => '/storage/uploads/not-a-uuid', {}, 404],
    ['OPTIONS on an unknown upload', 'OPTIONS', () => `/storage/uploads/${OTHER_UUID}`, {}, 404],
  ])('answers %s with %i and changes nothing', async (_label, method, path, headers, status) => {
    await freshMinute(t);
    const before = dataSnapshot(t);
    const res = await send(t, f.apiKey, { method, path: path(link), headers, auth: null });
    expect(res.status).toBe(status);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(dataSnapshot(t)).toEqual(before);
  });

  it('answers any junk Upload-Offset, Tus-Resumable or Content-Type with a 4xx and stores nothing', async () => {
    const header = fc.oneof(
      withControlChars.map((s) => s.replace(/[\r\n\0]/g, 'x')),
      fc.string({ maxLength: 30 }),
    );
    await junkProperty(
      t,
      fc.record({
        'upload-offset': header,
        'tus-resumable': fc.oneof(header, fc.constant('1.0.0')),
        'content-type': header,
      }),
      (headers) => ({
        method: 'PATCH',
        path: storagePath(link),
        auth: null,
        body: 'abc',
        headers: { 'x-signature': link.upload.token, ...headers },
      }),
      'upload_link',
      f.apiKey,
    );
  });
});
