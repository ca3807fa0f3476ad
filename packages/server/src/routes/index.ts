import type { Hono } from 'hono';
import { ADMIN_OPENAPI_PATH } from '../admin/admin-document-path.js';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import { accountsRoutes } from './accounts.js';
import { apiIndexRoutes } from './api-index.js';
import { type ApiReadHandlers, apiReadHandlers } from './api-reads.js';
import { legacyPostsRoutes } from './legacy-posts.js';
import { mediaFilesRoutes } from './media-files.js';
import { mediaImportRoutes } from './media-import.js';
import { createOpenApiRoute } from './openapi-route.js';
import { postsCancelRoutes } from './posts-cancel.js';
import { postsCreateRoutes } from './posts-create.js';
import { postsReadRoutes } from './posts-read.js';
import { publicFilesRoutes } from './public-files.js';
import { mountUploadLinks } from './uploads.js';

/**
 * The public API routes. Later areas add their sub-apps here (posts, media, uploads, legacy
 * addresses) — each a `(services) => Hono<AppEnv>` mounted under its prefix. Authentication and
 * faults are already applied to `/api/v2/*` and `/legacy/*` by `createApp`. `reads`: the reads'
 * handlers, shared with the read lane (routes/api-reads.ts).
 */
export function mountApiRoutes(
  app: Hono<AppEnv>,
  services: Services,
  reads: ApiReadHandlers = apiReadHandlers(services),
): void {
  app.route('/', apiIndexRoutes());
  app.route('/api/v2', accountsRoutes(reads));
  app.route('/api/v2', postsCreateRoutes(services));
  app.route('/legacy', legacyPostsRoutes(services));
  app.route('/api/v2', postsReadRoutes({ list: reads.posts, one: reads.post }));
  app.route('/', postsCancelRoutes(services));
  app.route(
    '/',
    mediaImportRoutes(services, reads.mediaStatus)
      .route('/', mediaFilesRoutes(reads.mediaFiles))
      .route('/', publicFilesRoutes(services)),
  );
  mountUploadLinks(app, services);
  // The document is built on the first request, after a port-0 listener has set the real base URL.
  app.route(
    '/',
    createOpenApiRoute({
      get serverUrl() {
        return services.urls.base;
      },
    }),
  );
  // The admin API's document needs no token: it describes routes, not data (admin-operations.ts).
  app.route(
    '/',
    createOpenApiRoute(
      (documents) => documents.adminDocumentYaml(() => services.urls.base),
      ADMIN_OPENAPI_PATH,
    ),
  );
}
