import type { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import { notFound, onError } from '../http/error-response.js';
import { lazyApp } from '../http/lazy-app.js';
import { pageSecurityHeaders } from '../http/security-headers.js';
import type { Services } from '../services.js';
import { OAUTH_PATHS } from './oauth-urls.js';

/** Every address of the authorization server lies under these (oauth-urls.ts, OAUTH_PATHS). */
const OAUTH_PREFIXES = ['/oauth', '/.well-known'];

/**
 * The authorization server for the main app (mounted at `/`): its endpoints are imported and built
 * at the first request under `/oauth` or `/.well-known` (http/lazy-app.ts), with the main app's 404
 * and error answers. The sweep of unused clients is due work, registered by `createApp` at start.
 */
export function lazyOAuth(services: Services, allowedOrigins: readonly string[]): Hono<AppEnv> {
  return lazyApp(OAUTH_PREFIXES, () =>
    import('./mount-oauth.js').then(({ mountOAuth }) => (app) => {
      app.onError(onError);
      app.notFound(notFound);
      // The consent page is a page: no inline code, never framed.
      app.use(OAUTH_PATHS.authorize, pageSecurityHeaders());
      mountOAuth(app, services, allowedOrigins);
    }),
  );
}
