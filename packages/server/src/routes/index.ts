import type { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import { createOpenApiRoute } from '../openapi/index.js';
import type { Services } from '../services.js';
import { accountsRoutes } from './accounts.js';
import { READ_HEADERS } from './read-headers.js';

/**
 * The public API routes. Later areas add their sub-apps here (posts, media, uploads, legacy
 * addresses) — each a `(services) => Hono<AppEnv>` mounted under its prefix. Authentication and
 * faults are already applied to `/api/v2/*` and `/legacy/*` by `createApp`.
 */
export function mountApiRoutes(app: Hono<AppEnv>, services: Services): void {
  // All reads answer `Cache-Control: private, no-store`, refusals included.
  app.use('/api/v2/accounts/*', async (c, next) => {
    await next();
    if (c.req.method === 'GET')
      for (const [name, value] of Object.entries(READ_HEADERS)) c.res.headers.set(name, value);
  });
  app.use('/api/v2/accounts', async (c, next) => {
    await next();
    if (c.req.method === 'GET')
      for (const [name, value] of Object.entries(READ_HEADERS)) c.res.headers.set(name, value);
  });
  app.route('/api/v2', accountsRoutes(services));
  // The document is built on the first request, after a port-0 listener has set the real base URL.
  app.route(
    '/',
    createOpenApiRoute({
      get serverUrl() {
        return services.urls.base;
      },
    }),
  );
}
