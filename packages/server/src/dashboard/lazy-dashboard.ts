import type { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import { lazyApp } from '../http/lazy-app.js';
import { pageSecurityHeaders } from '../http/security-headers.js';
import type { Services } from '../services.js';

/**
 * `/dashboard` for the main app (mounted at `/`): the dashboard's pages, session, assets and
 * hono/jsx are imported and built at the first dashboard request (http/lazy-app.ts). The dashboard
 * is an app of its own (its 404 page, error page and body limit), so its answers are its own.
 */
export function lazyDashboard(services: Services): Hono<AppEnv> {
  return lazyApp(['/dashboard'], () =>
    import('./index.js').then(({ dashboardApp }) => (app) => {
      // Every page, its 404 and error pages included, runs no inline code and is never framed.
      app.use('*', pageSecurityHeaders());
      app.route('/dashboard', dashboardApp(services));
    }),
  );
}
