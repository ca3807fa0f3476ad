import type { Hono } from 'hono';
import { connectorCors } from '../http/connector-cors.js';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import { mountAuthorize } from './authorize.js';
import type { OAuthClients } from './clients.js';
import { mountMetadata } from './metadata.js';
import { NO_STORE, OAuthError } from './oauth-error.js';
import { OAUTH_PATHS } from './oauth-urls.js';
import { mountRegistration } from './register.js';
import { mountRevocation } from './revoke.js';
import { mountToken } from './token.js';
import { unusedClientsSweep } from './unused-clients.js';

/**
 * The authorization server for AI apps, one module per endpoint (like node-oidc-provider's
 * lib/actions). The consent and Connected apps pages live in the dashboard (oauth/pages).
 * Discovery, registration, token and revocation answer browser-based MCP clients on the origins
 * `/mcp` allows (http/connector-cors.ts); none of them reads a cookie.
 */
export function mountOAuth(
  app: Hono<AppEnv>,
  services: Services,
  clients: OAuthClients,
  allowedOrigins: readonly string[] = [],
): void {
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
  services.dueWork.addSource(unusedClientsSweep(services));
  mountAuthorize(app, services, clients);
  mountToken(app, services, clients);
  mountRevocation(app, services, clients);
  mountMethodRefusals(app);
}

/** Each endpoint's one method; any other answers 405 with `Allow`, in OAuth's JSON error form. */
const ENDPOINT_METHODS: ReadonlyArray<[string, 'GET' | 'POST']> = [
  [OAUTH_PATHS.resourceMetadata, 'GET'],
  [OAUTH_PATHS.authorizationServerMetadata, 'GET'],
  [OAUTH_PATHS.authorize, 'GET'],
  [OAUTH_PATHS.register, 'POST'],
  [OAUTH_PATHS.token, 'POST'],
  [OAUTH_PATHS.revoke, 'POST'],
];

function mountMethodRefusals(app: Hono<AppEnv>): void {
  for (const [path, method] of ENDPOINT_METHODS) {
    app.all(path, (c) =>
      c.json(
        new OAuthError(
          'invalid_request',
          `${c.req.method} is not allowed here; use ${method} ${path}.`,
        ).toJSON(),
        405,
        { Allow: method, ...NO_STORE },
      ),
    );
  }
}
