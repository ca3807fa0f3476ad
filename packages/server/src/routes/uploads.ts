import { LIMITS } from '@socialpub/core';
import { Hono } from 'hono';
import type { UploadLinksService } from '../domain/uploads/upload-links-service.js';
import type { AppEnv } from '../http/context.js';
import { readJsonObject, readOptionalJsonObject } from '../http/json-body.js';
import type { Pipeline } from '../http/pipeline.js';
import type { Services } from '../services.js';
import { StorageAccess } from '../tus/storage-access.js';
import { storageRoutes } from '../tus/storage-routes.js';
import { uploaderScriptRoutes } from './uploader-scripts.js';

/** POST /media/uploads, .../token, .../complete and DELETE /media/uploads/{file_id} under /api/v2. */
function uploadsRoutes(service: UploadLinksService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/media/uploads', async (c) => {
    const { status, body } = await service.create(c.get('caller'), await readJsonObject(c));
    return c.json(body, status === 201 ? 201 : 200);
  });

  routes.post('/media/uploads/:file_id/token', async (c) => {
    // POST .../token takes an optional body: an empty one means "no new command".
    const body = await readOptionalJsonObject(c);
    return c.json(await service.renewToken(c.get('caller'), c.req.param('file_id'), body), 200);
  });

  routes.post('/media/uploads/:file_id/complete', async (c) => {
    const { status, body } = await service.complete(c.get('caller'), c.req.param('file_id'));
    if (status === 202) {
      return c.json(body, 202, { 'Retry-After': String(LIMITS.uploadLink.verificationRetryAfterSeconds) });
    }
    return c.json(body, 200);
  });

  routes.delete('/media/uploads/:file_id', async (c) =>
    c.json(await service.cancel(c.get('caller'), c.req.param('file_id')), 200),
  );
  return routes;
}

/**
 * The upload-link area's doors: the API routes, the storage endpoint (outside /api/v2, so API-key
 * authentication does not apply) and the uploader scripts.
 */
export function mountUploadLinks(pipeline: Pipeline, services: Services): void {
  const service = services.uploadLinks;
  pipeline.mount('/api/v2', uploadsRoutes(service));
  pipeline.mount(
    '/storage/uploads',
    storageRoutes({
      service,
      access: new StorageAccess(
        services.repos.uploadLinks,
        service.lifecycle,
        services.clocks,
        (accountId) => (services.repos.accounts.get(accountId)?.deletingSince ?? null) !== null,
      ),
      events: services.events,
    }),
  );
  pipeline.mount('/uploader', uploaderScriptRoutes());
}
