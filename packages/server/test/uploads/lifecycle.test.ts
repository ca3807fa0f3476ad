import { existsSync } from 'node:fs';
import type { UploadLink } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import {
  advance,
  complete,
  head,
  holdRereads,
  json,
  newKey,
  patch,
  sendAll,
  useLinkedUploads,
} from '../helpers/uploads.js';

const withLink = useLinkedUploads();

type ErrorAnswer = { error: Record<string, unknown> & { code: string; next_step: string; retry: string } };
const HOUR = 3600;

function token(t: TestApp, key: string, fileId: string, body?: unknown): Promise<Response> {
  return t.api('POST', `/api/v2/media/uploads/${fileId}/token`, key, body === undefined ? {} : json(body));
}

function cancel(t: TestApp, key: string, fileId: string): Promise<Response> {
  return t.api('DELETE', `/api/v2/media/uploads/${fileId}`, key);
}

async function codeOf(res: Response): Promise<string> {
  return ((await res.json()) as ErrorAnswer).error.code;
}

describe('POST .../token', () => {
  it('gives the same address and a fresh token that the storage endpoint accepts', async () => {
    const { t, fixture, link } = await withLink();
    await advance(t, HOUR);
    const res = await token(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(200);
    const fresh = (await res.json()) as UploadLink;
    expect(fresh.upload.url).toBe(link.upload.url);
    expect(fresh.upload.token).not.toBe(link.upload.token);
    expect(Date.parse(fresh.upload.token_expires_at) - t.services.clock.now().getTime()).toBe(
      2 * HOUR * 1000,
    );
    expect(fresh.uploader).toBeUndefined();
    expect((await head(t, link, fresh.upload.token)).status).toBe(200);
  });

  it('adds the uploader block when shell is sent', async () => {
    const { t, fixture, link } = await withLink();
    const res = await token(t, fixture.apiKey, link.file_id, { shell: 'powershell', runner: 'node' });
    const fresh = (await res.json()) as UploadLink;
    expect(fresh.uploader).toMatchObject({ shell: 'powershell', runner: 'node', max_run_seconds: 100 });
    expect(fresh.uploader?.download_url.endsWith('/uploader/v1/uploader.mjs')).toBe(true);
  });

  it('answers 404 media_not_found to another key of the same account', async () => {
    const { t, fixture, link } = await withLink();
    const res = await token(t, await newKey(t, fixture.accountId), link.file_id);
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('media_not_found');
  });

  it('refuses the 13th fresh token with 429 renewals_exhausted', async () => {
    const { t, fixture, link } = await withLink();
    for (let i = 0; i < 12; i++) expect((await token(t, fixture.apiKey, link.file_id)).status).toBe(200);
    const res = await token(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(429);
    expect(await codeOf(res)).toBe('renewals_exhausted');
  });

  it('refuses an unknown field with 400 invalid_request', async () => {
    const { t, fixture, link } = await withLink();
    const res = await token(t, fixture.apiKey, link.file_id, { file_id: link.file_id });
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe('invalid_request');
  });

  it('answers 409 upload_already_received once the whole file arrived', async () => {
    const { t, fixture, link, bytes } = await withLink();
    await patch(t, link, 0, bytes);
    const res = await token(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorAnswer).error).toMatchObject({
      code: 'upload_already_received',
      file_id: link.file_id,
    });
  });
});

describe('DELETE /api/v2/media/uploads/{file_id}', () => {
  it('cancels an upload: 200 cancelled, bytes deleted, later calls 409 upload_closed', async () => {
    const { t, fixture, link, bytes } = await withLink();
    await patch(t, link, 0, bytes.subarray(0, 500));
    const part = t.services.uploadLinks?.storage.partPath(link.file_id) ?? '';
    expect(existsSync(part)).toBe(true);
    const res = await cancel(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, file_id: link.file_id, status: 'cancelled' });
    expect(existsSync(part)).toBe(false);
    const again = await cancel(t, fixture.apiKey, link.file_id);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('upload_closed');
    expect(await codeOf(await complete(t, fixture.apiKey, link.file_id))).toBe('upload_closed');
    expect((await head(t, link)).status).toBe(401);
  });

  it('answers 409 upload_closed for a ready file (delete it in the media library)', async () => {
    const { t, fixture, link, bytes } = await withLink();
    await sendAll(t, link, bytes);
    expect((await complete(t, fixture.apiKey, link.file_id)).status).toBe(200);
    const res = await cancel(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as ErrorAnswer;
    expect(error.code).toBe('upload_closed');
    expect(error.message).toContain('media library');
  });

  it('answers 409 upload_being_checked with Retry-After 60 while the file is checked', async () => {
    const { t, fixture, link, bytes } = await withLink(200_000);
    await sendAll(t, link, bytes);
    const service = t.services.uploadLinks;
    if (!service) throw new Error('uploads not mounted');
    // Hold the check: the running hash is gone (as after a restart) and reading the disk waits.
    service.storage.forget(link.file_id);
    const reread = holdRereads(service);
    service.verifyWaitMs = 0;
    expect((await complete(t, fixture.apiKey, link.file_id)).status).toBe(202);
    const res = await cancel(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(((await res.json()) as ErrorAnswer).error).toMatchObject({
      code: 'upload_being_checked',
      retry: 'after_reset',
    });
    reread.release();
    service.verifyWaitMs = 5_000;
    expect((await complete(t, fixture.apiKey, link.file_id)).status).toBe(200);
  });

  it.each([
    ['not-a-uuid', 400, 'invalid_request'],
    ['6f1c1f9e-8c2b-4d53-9c4e-1d1f0c1a2b3c', 404, 'media_not_found'],
  ])('answers DELETE on %s with %i %s', async (id, status, code) => {
    const { t, fixture } = await withLink();
    const res = await cancel(t, fixture.apiKey, id);
    expect(res.status).toBe(status);
    expect(await codeOf(res)).toBe(code);
  });

  it.each([
    ['GET', '/api/v2/media/uploads/6f1c1f9e-8c2b-4d53-9c4e-1d1f0c1a2b3c', 'DELETE'],
    ['GET', '/api/v2/media/uploads', 'POST'],
    ['PUT', '/api/v2/media/uploads/6f1c1f9e-8c2b-4d53-9c4e-1d1f0c1a2b3c/complete', 'POST'],
  ])('answers %s %s with 405 and Allow %s in the upload-link body', async (method, path, allow) => {
    const { t, fixture } = await withLink();
    const res = await t.api(method, path, fixture.apiKey);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    const body = (await res.json()) as ErrorAnswer;
    expect(body.error).toMatchObject({ code: 'method_not_allowed', retry: 'never' });
    expect(typeof body.error.next_step).toBe('string');
  });
});

describe('expiry on the clock', () => {
  it('closes an unused link about 4 hours after creation: 410 upload_expired afterwards', async () => {
    const { t, fixture, link } = await withLink();
    await advance(t, 4 * HOUR - 1);
    expect((await head(t, link)).status).toBe(401);
    const renewed = await token(t, fixture.apiKey, link.file_id);
    expect(renewed.status).toBe(200);
    await advance(t, 1);
    const res = await complete(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(410);
    expect(await codeOf(res)).toBe('upload_expired');
    expect(t.services.uploadLinks?.links.get(link.file_id)?.state).toBe('closed');
  });

  it('closes a used link 2 hours after the newest token expired and deletes its bytes', async () => {
    const { t, fixture, link, bytes } = await withLink();
    const stateOf = () => t.services.uploadLinks?.links.get(link.file_id)?.state;
    await patch(t, link, 0, bytes.subarray(0, 300));
    await advance(t, HOUR);
    const fresh = (await (await token(t, fixture.apiKey, link.file_id)).json()) as UploadLink;
    expect(Date.parse(fresh.upload.resume_before) - Date.parse(link.upload.resume_before)).toBe(HOUR * 1000);
    await advance(t, HOUR + 1);
    // The first token expired at +2 h; the fresh one (until +3 h) still reaches the bytes.
    expect((await head(t, link)).status).toBe(401);
    expect((await head(t, link, fresh.upload.token)).headers.get('upload-offset')).toBe('300');
    const part = t.services.uploadLinks?.storage.partPath(link.file_id) ?? '';
    await advance(t, 3 * HOUR - 2);
    expect(stateOf()).toBe('uploading');
    expect(existsSync(part)).toBe(true);
    await advance(t, 1);
    expect(stateOf()).toBe('closed');
    expect(existsSync(part)).toBe(false);
    for (const res of [
      await complete(t, fixture.apiKey, link.file_id),
      await token(t, fixture.apiKey, link.file_id),
      await cancel(t, fixture.apiKey, link.file_id),
    ]) {
      expect(res.status).toBe(410);
      expect(await codeOf(res)).toBe('upload_expired');
    }
  });

  it('closes a link 24 hours after it was made however fresh its token', async () => {
    const { t, fixture, link, bytes } = await withLink();
    await patch(t, link, 0, bytes.subarray(0, 10));
    for (let hour = 3; hour <= 21; hour += 3) {
      await advance(t, 3 * HOUR);
      expect((await token(t, fixture.apiKey, link.file_id)).status).toBe(200);
    }
    const last = (await (await token(t, fixture.apiKey, link.file_id)).json()) as UploadLink;
    expect(last.upload.resume_before).toBe(link.upload.upload_expires_at);
    await advance(t, 3 * HOUR - 1);
    expect(t.services.uploadLinks?.links.get(link.file_id)?.state).toBe('uploading');
    await advance(t, 1);
    expect(await codeOf(await complete(t, fixture.apiKey, link.file_id))).toBe('upload_expired');
  });

  it('answers 410 upload_expired once a ready file left the library (7 days)', async () => {
    const { t, fixture, link, bytes } = await withLink();
    await sendAll(t, link, bytes);
    expect((await complete(t, fixture.apiKey, link.file_id)).status).toBe(200);
    await advance(t, 7 * 24 * HOUR + 1);
    const res = await complete(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(410);
    expect(await codeOf(res)).toBe('upload_expired');
    expect(await codeOf(await cancel(t, fixture.apiKey, link.file_id))).toBe('upload_expired');
  });
});
