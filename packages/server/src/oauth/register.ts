import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientAddress } from '../http/client-address.js';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import {
  checkAuthMethod,
  checkClientName,
  checkClientUri,
  checkGrantAndResponseTypes,
} from './client-fields.js';
import type { OAuthClients } from './clients.js';
import { answerOAuth, NO_STORE, OAuthError } from './oauth-error.js';
import { OAUTH_PATHS } from './oauth-urls.js';
import { checkRedirectUris } from './redirect-uris.js';

/** A registration is a small JSON object; anything larger is not one. */
const MAX_REGISTRATION_BYTES = 16 * 1024;

/**
 * RFC 7591 dynamic client registration. Open (no initial access token), as the MCP authorization
 * rules expect, so an AI app can register itself; what it may do is decided later by the person on
 * the consent page. The answer is a `client_id` and no secret (public client).
 */
export function mountRegistration(app: Hono<AppEnv>, services: Services, clients: OAuthClients): void {
  app.post(
    OAUTH_PATHS.register,
    bodyLimit({
      maxSize: MAX_REGISTRATION_BYTES,
      onError: (c) =>
        c.json(
          new OAuthError(
            'invalid_client_metadata',
            `The registration must be at most ${MAX_REGISTRATION_BYTES} bytes of JSON.`,
          ).toJSON(),
          400,
        ),
    }),
    (c) =>
      answerOAuth(c, async () => {
        if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
          throw new OAuthError('invalid_client_metadata', 'Send the client metadata as application/json.');
        }
        let body: unknown;
        try {
          body = await c.req.json();
        } catch {
          throw new OAuthError('invalid_client_metadata', 'The body is not valid JSON.');
        }
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          throw new OAuthError(
            'invalid_client_metadata',
            'The body must be a JSON object of client metadata.',
          );
        }
        const fields = body as Record<string, unknown>;
        const redirectUris = checkRedirectUris(fields.redirect_uris);
        checkGrantAndResponseTypes(fields);
        const client = {
          clientId: randomUUID(),
          kind: 'registered' as const,
          clientName: checkClientName(fields.client_name),
          clientUri: checkClientUri(fields.client_uri),
          redirectUris,
          tokenEndpointAuthMethod: checkAuthMethod(fields.token_endpoint_auth_method),
          createdAt: services.clock.now().toISOString(),
          fetchedAt: null,
        };
        // Checked, stored and counted in one synchronous step, after the body: a request waiting
        // for its body must not pass a check that the others' bodies then fill.
        const address = clientAddress(c);
        clients.creation.check(address);
        services.repos.oauthClients.save(client);
        clients.creation.record(address);
        return c.json(
          {
            client_id: client.clientId,
            client_id_issued_at: Math.floor(Date.parse(client.createdAt) / 1000),
            redirect_uris: client.redirectUris,
            ...(client.clientName ? { client_name: client.clientName } : {}),
            ...(client.clientUri ? { client_uri: client.clientUri } : {}),
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'none',
          },
          201,
          NO_STORE,
        );
      }),
  );
}
