import type { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { AppEnv } from '../http/context.js';
import { allowHeader } from '../http/no-route.js';
import { connectorCors } from '../mcp/connector-cors.js';
import type { Services } from '../services.js';
import { mountAuthorize } from './authorize.js';
import { mountMetadata } from './metadata.js';
import { NO_STORE, OAuthError } from './oauth-error.js';
import { OAUTH_PATHS } from './oauth-urls.js';
import { mountRegistration } from './register.js';
import { mountRevocation } from './revoke.js';
import { mountToken } from './token.js';

/**
 * The authorization server for AI apps, one module per endpoint (like node-oidc-provider's
 * lib/actions). The consent and Connected apps pages live in the dashboard
 * (dashboard/pages/consent.tsx, connected-apps.tsx) and call grants.ts.
 * Discovery, registration, token and revocation answer browser-based MCP clients on the origins
 * `/mcp` allows (http/connector-cors.ts); none of them reads a cookie.
 */
export function mountOAuth(
  app: Hono<AppEnv>,
  services: Services,
  allowedOrigins: readonly string[] = [],
): void {
  const clients = services.oauthClients;
  const browserClients = connectorCors(services, allowedOrigins);
  for (const path of [
    OAUTH_PATHS.resourceMetadata,
    OAUTH_PATHS.authorizationServerMetadata,
    OAUTH_PATHS.register,
    OAUTH_PATHS.token,
    OAUTH_PATHS.revoke,
  ]) {
    app.use(path, browserClients);
  }
  mountMetadata(app, services);
  mountRegistration(app, services, clients);
  mountAuthorize(app, services, clients);
  mountToken(app, services, clients);
  mountRevocation(app, services, clients);
  mountMethodRefusals(app);
}

/**
 * A method an endpoint does not take answers 405 with `Allow`, in OAuth's JSON error form; the
 * endpoint's methods come from its registered route (Hono's methodNotAllowed).
 */
function mountMethodRefusals(app: Hono<AppEnv>): void {
  const refusal = methodNotAllowed<AppEnv>({
    app,
    onMethodNotAllowed: (c, methods) => {
      const allow = allowHeader(methods);
      const error = new OAuthError(
        'invalid_request',
        `${c.req.method} is not allowed here; use ${allow} ${c.req.path}.`,
      );
      return c.json(error.toJSON(), 405, { Allow: allow, ...NO_STORE });
    },
  });
  app.use('/oauth/*', refusal);
  app.use('/.well-known/*', refusal);
}
