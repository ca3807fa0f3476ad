import { existsSync, readFileSync, truncateSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import {
  announce,
  complete,
  createLink,
  holdRereads,
  jpegBytes,
  patch,
  pngBytes,
  sendAll,
  sha256Of,
  uploadsTest,
} from '../helpers/uploads.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function setup() {
  const made = await uploadsTest();
  current = made.t;
  return made;
}

type ErrorAnswer = { error: Record<string, unknown> & { code: string; next_step: string; retry: string } };

describe('POST /api/v2/media/uploads/{file_id}/complete', () => {
  it('answers 200 ready at once for a whole file whose checks pass, and the file becomes public', async () => {
    const { t, fixture } = await setup();
    const bytes = jpegBytes(20_000);
    const { link } = await createLink(t, fixture.apiKey, announce(bytes, 'cat.jpg'));
    await sendAll(t, link, bytes);
    const res = await complete(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      file_id: link.file_id,
      status: 'ready',
      file_name: 'cat.jpg',
      size: 20_000,
      type: 'image/jpeg',
      sha256: sha256Of(bytes),
    });
    const file = t.services.repos.mediaFiles.getForAccount(fixture.accountId, link.file_id);
    expect(file).toMatchObject({ status: 'ready', source: 'upload_link', sha256: sha256Of(bytes) });
    const now = t.services.clock.now().getTime();
    expect(Date.parse(file?.expiresAt ?? '') - now).toBe(7 * 86_400_000);
    const kept = t.services.mediaFolder.pathOf(file?.storagePath ?? 'x');
    expect(Buffer.compare(readFileSync(kept), bytes)).toBe(0);
    const again = await complete(t, fixture.apiKey, link.file_id);
    expect(again.status).toBe(200);
  });

  it('answers 409 upload_incomplete while storage lacks part of the file', async () => {
    const { t, fixture } = await setup();
    const bytes = jpegBytes(1000);
    const { link } = await createLink(t, fixture.apiKey, announce(bytes));
    await patch(t, link, 0, bytes.subarray(0, 999));
    const res = await complete(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorAnswer).error).toMatchObject({
      code: 'upload_incomplete',
      retry: 'never',
    });
    await patch(t, link, 999, bytes.subarray(999));
    expect((await complete(t, fixture.apiKey, link.file_id)).status).toBe(200);
  });

  it.each([
    [
      'sha256',
      (bytes: Buffer) => ({ sent: jpegBytes(bytes.byteLength), name: 'a.jpg', announced: bytes }),
      /^The arrived bytes' SHA-256 is [0-9a-f]{64}, not the announced [0-9a-f]{64}: .* The file was deleted\.$/,
    ],
    [
      'type',
      (bytes: Buffer) => ({ sent: pngBytes(bytes.byteLength), name: 'a.jpg', announced: null }),
      /^a\.jpg is a PNG image, not a JPEG image: rename it a\.png\. The file was deleted\.$/,
    ],
    [
      'content',
      (bytes: Buffer) => ({ sent: Buffer.alloc(bytes.byteLength, 7), name: 'random.mp4', announced: null }),
      /^random\.mp4 is not an MP4, MOV or WebM video: its first bytes are 07 07 07 07 07 07 07 07\. The file was deleted\.$/,
    ],
  ])(
    'deletes a file that differs (%s) and answers 422 upload_rejected saying what it is not',
    async (reason, make, words) => {
      const { t, fixture } = await setup();
      const { sent, name, announced } = make(jpegBytes(2000));
      const { link } = await createLink(t, fixture.apiKey, announce(announced ?? sent, name));
      await sendAll(t, link, sent);
      const res = await complete(t, fixture.apiKey, link.file_id);
      expect(res.status).toBe(422);
      const error = ((await res.json()) as ErrorAnswer).error;
      expect(error).toMatchObject({ code: 'upload_rejected', reason });
      expect(error.message).toMatch(words);
      expect(existsSync(t.services.uploadLinks?.storage.partPath(link.file_id) ?? '')).toBe(false);
      expect(t.services.repos.mediaFiles.getForAccount(fixture.accountId, link.file_id)).toBeNull();
      expect((await complete(t, fixture.apiKey, link.file_id)).status).toBe(422);
      expect((await t.api('DELETE', `/api/v2/media/uploads/${link.file_id}`, fixture.apiKey)).status).toBe(
        409,
      );
    },
  );

  it('rejects a file whose stored size changed (reason size)', async () => {
    const { t, fixture } = await setup();
    const bytes = jpegBytes(2000);
    const { link } = await createLink(t, fixture.apiKey, announce(bytes));
    await sendAll(t, link, bytes);
    const part = t.services.uploadLinks?.storage.partPath(link.file_id) ?? '';
    truncateSync(part, 2000);
    // Storage holds every byte: append one more behind the service's back.
    const { appendFileSync } = await import('node:fs');
    appendFileSync(part, Buffer.from([1]));
    const res = await complete(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorAnswer).error).toMatchObject({
      code: 'upload_rejected',
      reason: 'size',
    });
  });

  it('answers 202 verifying with Retry-After 15 when the check must read the file again, then ready on its own', async () => {
    const { t, fixture } = await setup();
    const service = t.services.uploadLinks;
    if (!service) throw new Error('uploads not mounted');
    const bytes = jpegBytes(50_000);
    const { link } = await createLink(t, fixture.apiKey, announce(bytes));
    await sendAll(t, link, bytes);
    // As after a restart: the running hash is gone, so complete must read the bytes from disk.
    service.storage.forget(link.file_id);
    const reread = holdRereads(service);
    service.verifyWaitMs = 0;
    const res = await complete(t, fixture.apiKey, link.file_id);
    expect(res.status).toBe(202);
    expect(res.headers.get('retry-after')).toBe('15');
    expect(await res.json()).toMatchObject({
      status: 'verifying',
      retry_after_seconds: 15,
      sha256: sha256Of(bytes),
    });
    const cancel = await t.api('DELETE', `/api/v2/media/uploads/${link.file_id}`, fixture.apiKey);
    expect(cancel.status).toBe(409);
    reread.release();
    service.verifyWaitMs = 5_000;
    const later = await complete(t, fixture.apiKey, link.file_id);
    expect(later.status).toBe(200);
    expect(((await later.json()) as { status: string }).status).toBe('ready');
  });

  it.each([
    ['not-a-uuid', 400, 'invalid_request'],
    ['6f1c1f9e-8c2b-4d53-9c4e-1d1f0c1a2b3c', 404, 'media_not_found'],
  ])('answers complete on %s with %i %s', async (id, status, code) => {
    const { t, fixture } = await setup();
    const res = await complete(t, fixture.apiKey, id);
    expect(res.status).toBe(status);
    expect(((await res.json()) as ErrorAnswer).error.code).toBe(code);
  });

  it('hides another account’s upload (404)', async () => {
    const { t, fixture } = await setup();
    const bytes = jpegBytes(100);
    const { link } = await createLink(t, fixture.apiKey, announce(bytes));
    const { accountOn } = await import('../helpers/uploads.js');
    const stranger = await accountOn(t, 'skilled');
    expect((await complete(t, stranger.apiKey, link.file_id)).status).toBe(404);
  });
});
