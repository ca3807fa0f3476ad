import { ADMIN_OPENAPI_PATH } from '../admin/admin-document-path.js';
import type { Pipeline } from '../http/pipeline.js';
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
 * The public API's routes, registered on the pipeline: each group a `(services) => Hono<AppEnv>`
 * mounted under its prefix. What their addresses need (the key check on `/api/v2/` and `/legacy/`,
 * the log, faults) is declared by `createApp`'s areas. `reads`: the reads' handlers, built once
 * (routes/api-reads.ts).
 */
export function mountApiRoutes(
  pipeline: Pipeline,
  services: Services,
  reads: ApiReadHandlers = apiReadHandlers(services),
): void {
  pipeline.mount('/', apiIndexRoutes());
  pipeline.mount('/api/v2', accountsRoutes(reads));
  pipeline.mount('/api/v2', postsCreateRoutes(services));
  pipeline.mount('/legacy', legacyPostsRoutes(services));
  pipeline.mount('/api/v2', postsReadRoutes({ list: reads.posts, one: reads.post }));
  pipeline.mount('/', postsCancelRoutes(services));
  pipeline.mount(
    '/',
    mediaImportRoutes(services, reads.mediaStatus)
      .route('/', mediaFilesRoutes(reads.mediaFiles))
      .route('/', publicFilesRoutes(services)),
  );
  mountUploadLinks(pipeline, services);
  // The document is built on the first request, after a port-0 listener has set the real base URL.
  pipeline.mount(
    '/',
    createOpenApiRoute({
      get serverUrl() {
        return services.urls.base;
      },
    }),
  );
  // The admin API's document needs no token: it describes routes, not data (admin-operations.ts).
  pipeline.mount(
    '/',
    createOpenApiRoute(
      (documents) => documents.adminDocumentYaml(() => services.urls.base),
      ADMIN_OPENAPI_PATH,
    ),
  );
}
