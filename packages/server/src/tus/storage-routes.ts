import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiError, apiError, bareMime, isApiError } from '@socialpub/core';
import { type Context, Hono } from 'hono';
import type { UploadLinkRecord } from '../db/upload-links-repo.js';
import type { UploadLinksService } from '../domain/uploads/upload-links-service.js';
import { mediaWriteFailure } from '../files/media-folder.js';
import type { AppEnv } from '../http/context.js';
import { errorResponse } from '../http/error-response.js';
import type { ServerEvents } from '../observability/server-events.js';
import { withUploadHeapRoom } from '../runtime/heap-growth.js';
import { withYoungCollections } from '../runtime/young-collections.js';
import { requestBody } from './request-body.js';
import { STORAGE_FAMILY, type StorageAccess } from './storage-access.js';
import {
  capabilityHeaders,
  parseOffset,
  STORAGE_ALLOW,
  TOKEN_HEADER,
  TUS_CONTENT_TYPE,
  TUS_VERSION,
  tusHeaders,
} from './tus-protocol.js';

export interface StorageRouteOptions {
  service: UploadLinksService;
  access: StorageAccess;
  /** Counts the bytes received (`/metrics`). */
  events: Pick<ServerEvents, 'uploadReceived'>;
}

function precondition(c: Context<AppEnv>, required: boolean): void {
  const version = c.req.header('tus-resumable');
  if ((version === undefined && !required) || version?.trim() === TUS_VERSION) return;
  throw apiError(
    'tus_version_unsupported',
    `Send Tus-Resumable: ${TUS_VERSION}, the only version this endpoint speaks.`,
    STORAGE_FAMILY,
  );
}

/** An upload whose bytes are no longer accepted: 410 Gone (the uploaders exit 2 refused). */
function gone(link: UploadLinkRecord): ApiError {
  if (link.endReason === 'expired' || link.endReason === 'unused') {
    return apiError(
      'upload_expired',
      'The upload was not finished in time; make a new upload link.',
      STORAGE_FAMILY,
    );
  }
  return apiError('upload_closed', `The upload is ${link.state}; make a new upload link.`, {
    ...STORAGE_FAMILY,
    status: 410,
  });
}

function received(link: UploadLinkRecord): boolean {
  return link.state === 'verifying' || link.state === 'ready';
}

async function answering(
  c: Context<AppEnv>,
  work: () => Promise<Response>,
  headers: () => Record<string, string> = () => ({}),
): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (!isApiError(error)) throw error;
    // TUS 1.0.0: a 412 names the versions the server speaks.
    const version: Record<string, string> =
      error.code === 'tus_version_unsupported' ? { 'Tus-Version': TUS_VERSION } : {};
    return errorResponse(c, error, tusHeaders({ ...headers(), ...version }));
  }
}

/**
 * The TUS 1.0.0 storage endpoint (`{storage_host}` at /storage/uploads/{file_id}) for uploads the
 * service created. Not behind API-key authentication: the upload token in `x-signature` is the key.
 */
export function storageRoutes({ service, access, events }: StorageRouteOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { storage, lifecycle } = service;

  routes.options('/:file_id', (c) =>
    answering(c, async () => {
      await access.find(c.req.param('file_id'));
      return c.body(null, 204, capabilityHeaders());
    }),
  );

  // Hono answers HEAD with the GET handler (and drops the body); a real GET is not part of TUS.
  routes.get('/:file_id', (c) =>
    answering(
      c,
      async () => {
        if (c.req.method !== 'HEAD') throw methodNotAllowed(c.req.method);
        precondition(c, false);
        let link = await access.find(c.req.param('file_id'));
        if (link.state === 'ready') access.authorizeReadyHead(link, c.req.header(TOKEN_HEADER));
        else access.authorize(link, c.req.header(TOKEN_HEADER));
        if (received(link)) {
          // TUS Upload-Metadata (`key base64`): the uploaders tell "ready, nothing left to do" from
          // "all bytes here, call complete" when run again.
          const metadata = { 'Upload-Metadata': `status ${Buffer.from(link.state).toString('base64')}` };
          return c.body(null, 200, tusHeaders({ ...offsetHeaders(link.size, link.size), ...metadata }));
        }
        if (link.state !== 'uploading') throw gone(link);
        const onDisk = await storage.sizeOnDisk(link.fileId);
        if (onDisk !== null && onDisk < link.receivedBytes) {
          storage.forget(link.fileId);
          lifecycle.recordReceived(link, onDisk);
          link = { ...link, receivedBytes: onDisk };
        }
        // After a restart the running hash is rebuilt from disk now, so the next PATCH need not wait;
        // not while a PATCH runs: its hash is ahead of the offset stored so far.
        if (!storage.isLocked(link.fileId))
          storage.hashAt(link.fileId, link.receivedBytes).catch(() => storage.forget(link.fileId));
        return c.body(null, 200, tusHeaders(offsetHeaders(link.receivedBytes, link.size)));
      },
      (): Record<string, string> => (c.req.method === 'HEAD' ? {} : { Allow: STORAGE_ALLOW }),
    ),
  );

  routes.patch('/:file_id', (c) => {
    let stored: number | null = null;
    return answering(
      c,
      async () => {
        precondition(c, true);
        const link = await access.find(c.req.param('file_id'));
        access.authorize(link, c.req.header(TOKEN_HEADER));
        if (received(link)) {
          stored = link.size;
          throw apiError('upload_already_received', 'The whole file already arrived: call complete.', {
            ...STORAGE_FAMILY,
            extra: { file_id: link.fileId },
          });
        }
        if (link.state !== 'uploading') throw gone(link);
        if (bareMime(c.req.header('content-type') ?? '') !== TUS_CONTENT_TYPE) {
          throw apiError(
            'unsupported_media_type',
            `PATCH needs Content-Type: ${TUS_CONTENT_TYPE}.`,
            STORAGE_FAMILY,
          );
        }
        const offset = parseOffset(c.req.header('upload-offset'));
        if (offset === null) {
          throw apiError(
            'invalid_request',
            'Send Upload-Offset with the offset the piece starts at.',
            STORAGE_FAMILY,
          );
        }
        stored = link.receivedBytes;
        checkOffset(offset, link.receivedBytes);
        const declared = parseOffset(c.req.header('content-length'));
        if (declared !== null && offset + declared > link.size) throw tooLong(offset + declared, link.size);
        if (!storage.tryLock(link.fileId)) {
          throw apiError('upload_locked', 'Another client is sending this upload now.', STORAGE_FAMILY);
        }
        let written = offset;
        try {
          // The lock was taken after an await: the offset may have moved meanwhile.
          const fresh = service.links.get(link.fileId);
          if (fresh?.state !== 'uploading') throw gone(fresh ?? link);
          stored = fresh.receivedBytes;
          checkOffset(offset, fresh.receivedBytes);
          if (service.storagePatchDelayMs > 0) await sleep(service.storagePatchDelayMs);
          if (service.storagePatchGate) await service.storagePatchGate;
          // The offset is persisted at the end of the PATCH (and every 64 MiB of a long one), not per piece.
          const result = await withUploadHeapRoom(declared, () =>
            storage.append(
              link.fileId,
              offset,
              link.size,
              withYoungCollections(requestBody(c)),
              (position) => {
                written = position;
                lifecycle.recordReceived(fresh, position);
              },
            ),
          );
          written = result.offset;
          if (result.overflow) {
            // A piece past Upload-Length is refused whole: the upload goes back to where it began.
            await storage.truncateTo(link.fileId, offset);
            lifecycle.recordReceived(fresh, offset);
            throw tooLong(link.size + 1, link.size);
          }
          // A body that broke off: what arrived is stored; the client will HEAD and continue. The
          // answer (if the client still reads it) is the documented 400 with the stored offset.
          if (result.broken) return brokenOff(c, result.offset);
          return c.body(null, 204, tusHeaders({ 'Upload-Offset': String(result.offset) }));
        } catch (error) {
          if (isApiError(error)) throw error;
          // Writing to disk failed: what was written is kept and the hash is rebuilt from disk.
          storage.forget(link.fileId);
          const diskFault = mediaWriteFailure(error);
          if (diskFault) {
            // The server's fault, not the client's: the documented 500 (HEAD again; what was stored
            // is kept), naming the cause, with the offset the upload resumes from.
            return errorResponse(
              c,
              apiError(
                'server_error',
                `${diskFault.message} The first ${written} bytes are kept; HEAD and send the rest once it is fixed.`,
                STORAGE_FAMILY,
              ),
              tusHeaders({ 'Upload-Offset': String(written) }),
            );
          }
          return brokenOff(c, written);
        } finally {
          storage.unlock(link.fileId);
          service.recordProgress(link.fileId);
          events.uploadReceived(written - offset);
        }
      },
      (): Record<string, string> => (stored === null ? {} : { 'Upload-Offset': String(stored) }),
    );
  });

  routes.all('/:file_id', (c) =>
    answering(
      c,
      async () => Promise.reject(methodNotAllowed(c.req.method)),
      () => ({ Allow: STORAGE_ALLOW }),
    ),
  );
  return routes;
}

/** PATCH that stopped before its end: 400 `invalid_request` naming the offset stored. */
function brokenOff(c: Context<AppEnv>, offset: number): Response {
  const error = apiError(
    'invalid_request',
    `The piece stopped before its end; ${offset} bytes are stored. HEAD and continue from there.`,
    STORAGE_FAMILY,
  );
  return errorResponse(c, error, tusHeaders({ 'Upload-Offset': String(offset) }));
}

function offsetHeaders(offset: number, length: number): Record<string, string> {
  return { 'Upload-Offset': String(offset), 'Upload-Length': String(length) };
}

function checkOffset(sent: number, stored: number): void {
  if (sent === stored) return;
  throw apiError(
    'upload_offset_mismatch',
    `Upload-Offset ${sent} is not the stored offset ${stored}; HEAD again and send from ${stored}.`,
    STORAGE_FAMILY,
  );
}

function tooLong(end: number, size: number): ApiError {
  return apiError('media_too_large', `The upload would end at byte ${end}, past Upload-Length ${size}.`, {
    ...STORAGE_FAMILY,
    extra: { size_bytes: end, max_bytes: size },
  });
}

/** POST (creation) and every other method: clients never create uploads here. */
function methodNotAllowed(method: string): ApiError {
  return apiError(
    'method_not_allowed',
    `${method} is not allowed here; uploads are created by POST /api/v2/media/uploads.`,
    {
      ...STORAGE_FAMILY,
    },
  );
}
