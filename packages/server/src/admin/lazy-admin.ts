import type { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import { notFound, onError } from '../http/error-response.js';
import { lazyApp } from '../http/lazy-app.js';
import type { Services } from '../services.js';

/**
 * `/admin/v1` for the main app (mounted at `/`): the admin API's routes and the core schemas only
 * they use are imported and built at the first admin request (http/lazy-app.ts), with the main
 * app's 404 and error answers.
 */
export function lazyAdminApi(services: Services, adminTokenHash: string): Hono<AppEnv> {
  return lazyApp(['/admin/v1'], () =>
    import('./index.js').then(({ adminApp }) => (app) => {
      app.onError(onError);
      app.notFound(notFound);
      app.route('/admin/v1', adminApp(services, adminTokenHash));
    }),
  );
}
