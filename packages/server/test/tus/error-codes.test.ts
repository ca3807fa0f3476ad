import { ERROR_CATALOG, type ErrorCode, isErrorCode, OPERATIONS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import {
  announce,
  createLink,
  holdRereads,
  holdStoragePatches,
  jpegBytes,
  patch,
  untilLocked,
  useLinkedUploads,
} from '../helpers/uploads.js';

// The storage endpoint's refusals carry catalog codes in the upload-link shape, with the catalog's
// next_step and retry, and each is listed by its operation in the OpenAPI table.

const withLink = useLinkedUploads();

interface UploadLinkError {
  error: { code: string; message: string; next_step: string; retry: string };
}

async function expectCatalogAnswer(res: Response, status: number, code: ErrorCode, operationId: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as UploadLinkError;
  expect(body.error.code).toBe(code);
  expect(isErrorCode(body.error.code)).toBe(true);
  expect(ERROR_CATALOG[code].statuses).toContain(status);
  expect(body.error.next_step).toBe(ERROR_CATALOG[code].nextStep);
  expect(body.error.retry).toBe(ERROR_CATALOG[code].uploadLinkRetry);
  const operation = OPERATIONS.find((op) => op.operationId === operationId);
  expect(operation?.errorsByStatus[status]).toContain(code);
}

describe('storage endpoint error codes', () => {
  it('answers 409 upload_offset_mismatch at another offset, with the stored offset', async () => {
    const { t, link, bytes } = await withLink();
    await patch(t, link, 0, bytes.subarray(0, 100));
    const res = await patch(t, link, 50, bytes.subarray(50, 150));
    expect(res.headers.get('upload-offset')).toBe('100');
    await expectCatalogAnswer(res, 409, 'upload_offset_mismatch', 'storagePatch');
  });

  it('answers 412 tus_version_unsupported to a PATCH without Tus-Resumable 1.0.0', async () => {
    const { t, link, bytes } = await withLink();
    const res = await patch(t, link, 0, bytes, { 'tus-resumable': '0.2.2' });
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    await expectCatalogAnswer(res, 412, 'tus_version_unsupported', 'storagePatch');
  });

  it('answers 403 forbidden in the upload-link shape to the token of another file', async () => {
    const { t, fixture, link, bytes } = await withLink();
    const other = await createLink(t, fixture.apiKey, announce(jpegBytes(10), 'other.jpg'));
    const token = other.link.upload.token;
    await expectCatalogAnswer(
      await patch(t, link, 0, bytes, { 'x-signature': token }),
      403,
      'forbidden',
      'storagePatch',
    );
  });

  it('answers 423 upload_locked while another PATCH is writing', async () => {
    const { t, link, bytes } = await withLink();
    const service = t.services.uploadLinks;
    if (!service) throw new Error('uploads not mounted');
    const held = holdStoragePatches(service);
    const first = patch(t, link, 0, bytes.subarray(0, 500));
    try {
      await untilLocked(service, link.file_id);
      await expectCatalogAnswer(
        await patch(t, link, 0, bytes.subarray(0, 500)),
        423,
        'upload_locked',
        'storagePatch',
      );
    } finally {
      held.release();
    }
    expect((await first).status).toBe(204);
  });

  it('answers 409 upload_already_received to a PATCH while the whole file is being checked', async () => {
    const { t, fixture, link, bytes } = await withLink(50_000);
    const service = t.services.uploadLinks;
    if (!service) throw new Error('uploads not mounted');
    expect((await patch(t, link, 0, bytes)).status).toBe(204);
    // As in uploads-complete: without the running hash the check reads the file again (202 verifying).
    service.storage.forget(link.file_id);
    const reread = holdRereads(service);
    service.verifyWaitMs = 0;
    const done = await t.api('POST', `/api/v2/media/uploads/${link.file_id}/complete`, fixture.apiKey);
    expect(done.status).toBe(202);
    const res = await patch(t, link, 0, bytes);
    await expectCatalogAnswer(res, 409, 'upload_already_received', 'storagePatch');
    reread.release();
    service.verifyWaitMs = 5_000;
    const settled = await t.api('POST', `/api/v2/media/uploads/${link.file_id}/complete`, fixture.apiKey);
    expect(settled.status).toBe(200);
  });

  it('answers a PATCH for an unknown upload with 404 media_not_found in the upload-link shape', async () => {
    const { t, link, bytes } = await withLink();
    const url = link.upload.url.replace(link.file_id, '6f1c1f9e-8c2b-4d53-9c4e-1d1f0c1a2b3c');
    const unknown = { ...link, upload: { ...link.upload, url } };
    await expectCatalogAnswer(await patch(t, unknown, 0, bytes), 404, 'media_not_found', 'storagePatch');
  });
});
