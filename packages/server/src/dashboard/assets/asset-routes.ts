import { Hono } from 'hono';
import type { DashboardEnv } from '../session/index.js';
import { DASHBOARD_CSS } from './dashboard-css.js';
import { DASHBOARD_JS } from './dashboard-js.js';

/** GET /dashboard/assets/dashboard.css and dashboard.js: the one stylesheet and the one script. */
export function assetRoutes(): Hono<DashboardEnv> {
  const assets = new Hono<DashboardEnv>();
  assets.get('/assets/dashboard.css', (c) =>
    c.body(DASHBOARD_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'max-age=300' }),
  );
  assets.get('/assets/dashboard.js', (c) =>
    c.body(DASHBOARD_JS, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'max-age=300',
    }),
  );
  return assets;
}
