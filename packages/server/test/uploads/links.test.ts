import { LIMITS } from '@socialpub/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { tableCounts } from '../helpers/test-app.js';
import { announce, createLink, jpegBytes, json, newKey, sha256Of, uploadsTest } from '../helpers/uploads.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function setup(plan = 'skilled', account: Record<string, unknown> = {}) {
  const made = await uploadsTest(plan, account);
  current = made.t;
  return made;
}

const SHA = 'a'.repeat(64);

describe('POST /api/v2/media/uploads', () => {
  it('answers 201 with the upload link resource', async () => {
    const { t, fixture } = await setup();
    const bytes = jpegBytes(1000);
    const { res, link } = await createLink(t, fixture.apiKey, announce(bytes, 'holiday/beach.JPG'));
    expect(res.status).toBe(201);
    expect(link).toMatchObject({
      success: true,
      status: 'uploading',
      file_name: 'beach.JPG',
      size: 1000,
      type: 'image/jpeg',
      sha256: sha256Of(bytes),
      renewed: false,
      upload: { protocol: 'tus-1.0.0', chunk_size: LIMITS.uploadLink.chunkSizeBytes },
    });
    expect(link.upload.url).toBe(`${t.services.urls.storage}/storage/uploads/${link.file_id}`);
    const now = t.services.clock.now().getTime();
    expect(Date.parse(link.upload.token_expires_at) - now).toBe(2 * 3600 * 1000);
    expect(Date.parse(link.upload.upload_expires_at) - now).toBe(24 * 3600 * 1000);
    expect(Date.parse(link.upload.resume_before) - now).toBe(4 * 3600 * 1000);
    expect(link.uploader).toBeUndefined();
    expect(typeof link.next_step).toBe('string');
  });

  it.each([
    ['clip.m4v', 'video/mp4'],
    ['clip.mov', 'video/quicktime'],
    ['clip.webm', 'video/webm'],
    ['clip.MP4', 'video/mp4'],
    ['a.png', 'image/png'],
    ['a.webp', 'image/webp'],
    ['a.jpeg', 'image/jpeg'],
  ])('decides the type of %s from its extension (%s)', async (name, type) => {
    const { t, fixture } = await setup();
    const { res, link } = await createLink(t, fixture.apiKey, {
      file_name: name,
      size_bytes: 10,
      sha256: SHA,
    });
    expect(res.status).toBe(201);
    expect(link.type).toBe(type);
  });

  it.each([
    ['file_id sent on a new link', { file_id: '6f1c1f9e-8c2b-4d53-9c4e-1d1f0c1a2b3c' }],
    ['an unknown field', { colour: 'red' }],
    ['size_bytes 0', { size_bytes: 0 }],
    ['negative size_bytes', { size_bytes: -1 }],
    ['fractional size_bytes', { size_bytes: 1.5 }],
    ['sha256 of 63 characters', { sha256: 'a'.repeat(63) }],
    ['sha256 not hex', { sha256: 'g'.repeat(64) }],
    ['shell bash', { shell: 'bash' }],
    ['runner deno', { runner: 'deno' }],
    ['max_run_seconds 29', { max_run_seconds: 29 }],
    ['max_run_seconds 7001', { max_run_seconds: 7001 }],
    ['a missing file_name', { file_name: undefined }],
  ])('refuses %s with 400 invalid_request', async (_label, change) => {
    const { t, fixture } = await setup();
    const before = tableCounts(t);
    const body = { file_name: 'a.jpg', size_bytes: 10, sha256: SHA, ...change };
    const res = await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(body));
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { code: string; next_step: string; retry: string } };
    expect(answer.error).toMatchObject({ code: 'invalid_request', retry: 'never' });
    expect(typeof answer.error.next_step).toBe('string');
    const after = tableCounts(t);
    expect(after['upload_links']).toBe(before['upload_links']);
  });

  it('accepts a sha256 in upper case and stores it in lower case', async () => {
    const { t, fixture } = await setup();
    const { res, link } = await createLink(t, fixture.apiKey, {
      file_name: 'a.jpg',
      size_bytes: 5,
      sha256: 'AB'.repeat(32),
    });
    expect(res.status).toBe(201);
    expect(link.sha256).toBe('ab'.repeat(32));
  });

  it.each(['photo.gif', 'photo.heic', 'clip.mkv', 'noextension'])(
    'refuses %s with 415 unsupported_media_type',
    async (name) => {
      const { t, fixture } = await setup();
      const res = await t.api(
        'POST',
        '/api/v2/media/uploads',
        fixture.apiKey,
        json({ file_name: name, size_bytes: 5, sha256: SHA }),
      );
      expect(res.status).toBe(415);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
    },
  );

  it.each([
    ['a.jpg', LIMITS.uploadLink.maxImageBytes, 201],
    ['a.jpg', LIMITS.uploadLink.maxImageBytes + 1, 413],
    ['a.mp4', LIMITS.uploadLink.maxVideoBytes, 201],
    ['a.mp4', LIMITS.uploadLink.maxVideoBytes + 1, 413],
  ])('answers %s of %i bytes with %i', async (name, size, status) => {
    const { t, fixture } = await setup('agency');
    const res = await t.api(
      'POST',
      '/api/v2/media/uploads',
      fixture.apiKey,
      json({ file_name: name, size_bytes: size, sha256: SHA }),
    );
    expect(res.status).toBe(status);
    if (status === 413) {
      const answer = (await res.json()) as { error: Record<string, unknown> };
      expect(answer.error).toMatchObject({ code: 'media_too_large', size_bytes: size });
      expect(answer.error['max_bytes']).toBe(
        name.endsWith('.jpg') ? LIMITS.uploadLink.maxImageBytes : LIMITS.uploadLink.maxVideoBytes,
      );
    }
  });

  it('shortens a name over 120 characters keeping the extension', async () => {
    const { t, fixture } = await setup();
    const { link } = await createLink(t, fixture.apiKey, {
      file_name: `${'x'.repeat(200)}.webp`,
      size_bytes: 5,
      sha256: SHA,
    });
    expect(link.file_name).toHaveLength(120);
    expect(link.file_name.endsWith('.webp')).toBe(true);
  });

  it('refuses a Free account with 403 plan_limit_reached and reserves nothing', async () => {
    const { t, fixture } = await setup('free');
    const before = tableCounts(t);
    const res = await t.api(
      'POST',
      '/api/v2/media/uploads',
      fixture.apiKey,
      json({ file_name: 'a.jpg', size_bytes: 5, sha256: SHA }),
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('plan_limit_reached');
    expect(tableCounts(t)).toEqual(before);
  });

  it('answers 503 upload_links_paused with retry never when uploads are switched off', async () => {
    const { t, fixture } = await setup('skilled', { uploads_enabled: false });
    const res = await t.api(
      'POST',
      '/api/v2/media/uploads',
      fixture.apiKey,
      json({ file_name: 'a.jpg', size_bytes: 5, sha256: SHA }),
    );
    expect(res.status).toBe(503);
    const answer = (await res.json()) as { error: { code: string; retry: string } };
    expect(answer.error).toMatchObject({ code: 'upload_links_paused', retry: 'never' });
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it('answers the same file from the same key with 200 renewed, the same address and a fresh token', async () => {
    const { t, fixture } = await setup();
    const body = { file_name: 'a.jpg', size_bytes: 5, sha256: SHA };
    const first = await createLink(t, fixture.apiKey, body);
    const second = await createLink(t, fixture.apiKey, body);
    expect(second.res.status).toBe(200);
    expect(second.link.renewed).toBe(true);
    expect(second.link.file_id).toBe(first.link.file_id);
    expect(second.link.upload.url).toBe(first.link.upload.url);
    expect(second.link.upload.token).not.toBe(first.link.upload.token);
    expect(tableCounts(t)['upload_links']).toBe(1);
  });

  it('makes a new link for the same file asked by another key', async () => {
    const { t, fixture } = await setup();
    const body = { file_name: 'a.jpg', size_bytes: 5, sha256: SHA };
    const first = await createLink(t, fixture.apiKey, body);
    const other = await createLink(t, await newKey(t, fixture.accountId), body);
    expect(other.res.status).toBe(201);
    expect(other.link.file_id).not.toBe(first.link.file_id);
  });

  it('adds the uploader block when shell is sent', async () => {
    const { t, fixture } = await setup();
    const { link } = await createLink(t, fixture.apiKey, {
      file_name: 'a.jpg',
      size_bytes: 5,
      sha256: SHA,
      shell: 'sh',
      max_run_seconds: 300,
    });
    expect(link.uploader).toMatchObject({
      shell: 'sh',
      runner: 'native',
      version: 'v1',
      max_run_seconds: 300,
    });
    expect(link.uploader?.download_url).toBe(`${t.services.urls.base}/uploader/v1/uploader.sh`);
    expect(link.uploader?.command).toContain(link.upload.token);
  });
});
