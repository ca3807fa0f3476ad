import { readFileSync } from 'node:fs';
import { LIMITS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import {
  announce,
  createLink,
  head,
  holdStoragePatches,
  jpegBytes,
  patch,
  storagePath,
  untilLocked,
  useLinkedUploads,
} from '../helpers/uploads.js';

const withLink = useLinkedUploads();

describe('storage endpoint (TUS 1.0.0)', () => {
  it('answers OPTIONS with the capabilities and no creation extension', async () => {
    const { t, link } = await withLink();
    const res = await t.app.request(storagePath(link), { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-max-size')).toBe(String(LIMITS.uploadLink.maxVideoBytes));
    expect(res.headers.get('tus-extension') ?? '').not.toContain('creation');
  });

  it('answers HEAD with the stored offset, the length and no caching', async () => {
    const { t, link, bytes } = await withLink();
    const before = await head(t, link);
    expect(before.status).toBe(200);
    expect(before.headers.get('upload-offset')).toBe('0');
    expect(before.headers.get('upload-length')).toBe('1000');
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect((await patch(t, link, 0, bytes.subarray(0, 400))).status).toBe(204);
    expect((await head(t, link)).headers.get('upload-offset')).toBe('400');
  });

  it('appends a PATCH at the stored offset, writes the bytes to disk and answers the new offset', async () => {
    const { t, link, bytes } = await withLink();
    const first = await patch(t, link, 0, bytes.subarray(0, 600));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('600');
    const second = await patch(t, link, 600, bytes.subarray(600));
    expect(second.headers.get('upload-offset')).toBe('1000');
    const onDisk = readFileSync(t.services.uploadLinks?.storage.partPath(link.file_id) ?? '');
    expect(Buffer.compare(onDisk, bytes)).toBe(0);
  });

  it('refuses a PATCH at another offset with 409 and the stored offset', async () => {
    const { t, link, bytes } = await withLink();
    await patch(t, link, 0, bytes.subarray(0, 100));
    const res = await patch(t, link, 50, bytes.subarray(50, 150));
    expect(res.status).toBe(409);
    expect(res.headers.get('upload-offset')).toBe('100');
    expect((await head(t, link)).headers.get('upload-offset')).toBe('100');
  });

  it('refuses a PATCH with the wrong content type with 415', async () => {
    const { t, link, bytes } = await withLink();
    const res = await patch(t, link, 0, bytes, { 'content-type': 'application/octet-stream' });
    expect(res.status).toBe(415);
    expect((await head(t, link)).headers.get('upload-offset')).toBe('0');
  });

  it('refuses a PATCH without Tus-Resumable 1.0.0 with 412', async () => {
    const { t, link, bytes } = await withLink();
    expect((await patch(t, link, 0, bytes, { 'tus-resumable': '0.2.2' })).status).toBe(412);
  });

  it.each([
    ['declared in Content-Length', { 'content-length': '1001' }],
    ['found while streaming', {}],
  ])('refuses a PATCH past Upload-Length (%s) with 413 and stores nothing', async (_label, headers) => {
    const { t, link, bytes } = await withLink();
    await patch(t, link, 0, bytes.subarray(0, 10));
    const res = await patch(t, link, 10, jpegBytes(991), headers);
    expect(res.status).toBe(413);
    expect((await head(t, link)).headers.get('upload-offset')).toBe('10');
    expect((await patch(t, link, 10, bytes.subarray(10))).status).toBe(204);
  });

  it.each([
    ['no token', 401, undefined],
    ['a wrong token', 401, 'sput_wrong'],
  ])('refuses %s with %i', async (_label, status, token) => {
    const { t, link, bytes } = await withLink();
    const headers: Record<string, string> = {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    };
    if (token) headers['x-signature'] = token;
    const res = await t.app.request(storagePath(link), {
      method: 'PATCH',
      headers,
      body: new Uint8Array(bytes),
    });
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { code: string; next_step: string } };
    expect(body.error.code).toBe('unauthorized');
    expect(typeof body.error.next_step).toBe('string');
  });

  it('refuses the token of another file with 403', async () => {
    const { t, fixture, link, bytes } = await withLink();
    const other = await createLink(t, fixture.apiKey, announce(jpegBytes(10), 'other.jpg'));
    const res = await patch(t, link, 0, bytes, { 'x-signature': other.link.upload.token });
    expect(res.status).toBe(403);
    expect((await head(t, link, other.link.upload.token)).status).toBe(403);
  });

  it('does not take the token from the URL', async () => {
    const { t, link } = await withLink();
    const res = await t.app.request(`${storagePath(link)}?x-signature=${link.upload.token}`, {
      method: 'HEAD',
    });
    expect(res.status).toBe(401);
    // A HEAD answer has no body, so it names no content type.
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE', 'GET'])(
    'answers %s with 405 and Allow (no creation by clients)',
    async (method) => {
      const { t, link } = await withLink();
      const res = await t.app.request(storagePath(link), {
        method,
        headers: { 'x-signature': link.upload.token },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('OPTIONS, HEAD, PATCH');
    },
  );

  it('answers 404 for an upload that does not exist', async () => {
    const { t, link } = await withLink();
    const res = await t.app.request('/storage/uploads/6f1c1f9e-8c2b-4d53-9c4e-1d1f0c1a2b3c', {
      method: 'HEAD',
      headers: { 'x-signature': link.upload.token },
    });
    expect(res.status).toBe(404);
  });

  it('lets one client write at a time: a second PATCH meanwhile answers 423', async () => {
    const { t, link, bytes } = await withLink();
    const service = t.services.uploadLinks;
    if (!service) throw new Error('uploads not mounted');
    const held = holdStoragePatches(service);
    const first = patch(t, link, 0, bytes.subarray(0, 500));
    try {
      await untilLocked(service, link.file_id);
      const second = await patch(t, link, 0, bytes.subarray(0, 500));
      expect(second.status).toBe(423);
    } finally {
      held.release();
    }
    expect((await first).status).toBe(204);
    expect((await patch(t, link, 500, bytes.subarray(500))).status).toBe(204);
  });

  it('answers the whole length once the file is being checked or ready, and 409 to a further PATCH', async () => {
    const { t, fixture, link, bytes } = await withLink();
    await patch(t, link, 0, bytes);
    const done = await t.api('POST', `/api/v2/media/uploads/${link.file_id}/complete`, fixture.apiKey);
    expect(done.status).toBe(200);
    // Tokens end with the link, so a ready upload takes no more bytes; its HEAD still tells the
    // holder of the file's last token that it is done (an uploader run again after complete).
    const after = await head(t, link);
    expect(after.status).toBe(200);
    expect(after.headers.get('upload-offset')).toBe(String(bytes.byteLength));
    expect(after.headers.get('upload-metadata')).toBe(`status ${Buffer.from('ready').toString('base64')}`);
    expect((await patch(t, link, bytes.byteLength, Buffer.from('x'))).status).toBe(401);
  });
});
