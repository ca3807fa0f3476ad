import { isApiError, LIMITS } from '@socialpub/core';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { requestBase } from '../http/host-check.js';
import type { Services } from '../services.js';
import { assetRoutes } from './assets/asset-routes.js';
import { dashboardPages } from './pages/index.js';
import {
  csrfProtection,
  type DashboardEnv,
  dashboardSession,
  renderErrorPage,
  renderPagesSynchronously,
  SignInThrottle,
  SignUpThrottle,
} from './session/index.js';

/** Form posts are small; only the Media library's upload carries a file (held in memory, hence a cap). */
export const DASHBOARD_FORM_BODY_LIMIT = LIMITS.dashboard.formBodyMaxBytes;
export const DASHBOARD_UPLOAD_BODY_LIMIT = LIMITS.dashboard.uploadBodyMaxBytes;
const MEDIA_UPLOAD_PATH = '/dashboard/media/upload';

export { isDashboardPath, wantsHtml } from './dashboard-paths.js';

/**
 * The dashboard under /dashboard: server-rendered pages, one route module per page in
 * pages/, all behind the session middleware and the CSRF check. Refusals are HTML pages, never
 * the API's JSON and never a stack trace.
 */
export function dashboardApp(services: Services): Hono<DashboardEnv> {
  // Before any page (the consent pages share the layout): no render may turn promise hooks on.
  renderPagesSynchronously();
  const dashboard = new Hono<DashboardEnv>();
  dashboard.route('/', assetRoutes());
  dashboard.use('*', async (c, next) => {
    const limit = c.req.path === MEDIA_UPLOAD_PATH ? DASHBOARD_UPLOAD_BODY_LIMIT : DASHBOARD_FORM_BODY_LIMIT;
    return bodyLimit({
      maxSize: limit,
      onError: (c) =>
        renderErrorPage(
          c,
          413,
          'Too large',
          `What was sent is larger than ${Math.round(limit / 1024 / 1024) || 1} MB, the most this page accepts. ` +
            'Nothing was changed. Larger videos go through an upload link (POST /api/v2/media/uploads).',
        ),
    })(c, next);
  });
  dashboard.use('*', dashboardSession(services));
  dashboard.use(
    '*',
    csrfProtection((c) => requestBase(c, services)),
  );
  dashboard.route(
    '/',
    dashboardPages(services, new SignInThrottle(services.clock), new SignUpThrottle(services.clock)),
  );
  dashboard.all('*', (c) =>
    renderErrorPage(c, 404, 'Page not found', `There is no dashboard page at ${c.req.path}.`),
  );
  dashboard.onError((error, c) => {
    if (isApiError(error)) {
      const title = error.status === 404 ? 'Not found' : 'Not possible';
      return renderErrorPage(c, error.status as ContentfulStatusCode, title, error.message);
    }
    console.error(`[socialpub] dashboard ${c.req.method} ${c.req.path} failed:`, error);
    return renderErrorPage(
      c,
      500,
      'Something went wrong',
      'Something went wrong on our side. Nothing was shown of it here; try again in a minute.',
    );
  });
  return dashboard;
}
