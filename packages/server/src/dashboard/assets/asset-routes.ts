import { Hono } from 'hono';
import type { DashboardEnv } from '../session/index.js';
import { composerScript } from './composer-script.js';
import { DASHBOARD_CSS } from './dashboard-css.js';
import { DASHBOARD_JS } from './dashboard-js.js';

/** The tab icon: a rounded square with an "s", in the header's colours. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#12263f"/>' +
  '<text x="16" y="23" font-family="system-ui,sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">s</text></svg>';

/** GET /dashboard/assets/dashboard.css, dashboard.js, composer.js and favicon.svg. */
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
  // The composer's counting, built with core's own (see composer-entry.ts); only New post loads it.
  assets.get('/assets/composer.js', async (c) => {
    const script = await composerScript();
    if (script === null) {
      return c.body(
        '/* The composer script was not built: run npm run build. The composer works without it. */',
        404,
        {
          'Content-Type': 'text/javascript; charset=utf-8',
        },
      );
    }
    return c.body(script, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'max-age=300',
    });
  });
  assets.get('/assets/favicon.svg', (c) =>
    c.body(FAVICON_SVG, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=86400' }),
  );
  return assets;
}
