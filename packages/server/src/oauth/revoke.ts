import type { Hono } from 'hono';
import { sha256Hex } from '../domain/secrets.js';
import { clientAddress } from '../http/client-address.js';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import type { OAuthClients } from './clients.js';
import { answerOAuth, NO_STORE } from './oauth-error.js';
import { OAUTH_PATHS } from './oauth-urls.js';
import { readFormRequest, required } from './token-request.js';

/**
 * RFC 7009 revocation. Revoking a refresh token ends its whole family (the access tokens issued
 * with it too, section 2.1); revoking an access token ends that token. An unknown token, or one of
 * another client, answers 200 as well (section 2.2), so the answer tells an attacker nothing.
 */
export function mountRevocation(app: Hono<AppEnv>, services: Services, clients: OAuthClients): void {
  app.post(OAUTH_PATHS.revoke, (c) =>
    answerOAuth(c, async () => {
      const form = await readFormRequest(c);
      const token = required(form, 'token');
      const client = await clients.resolve(required(form, 'client_id'), clientAddress(c));
      const { oauthTokens } = services.repos;
      const record = oauthTokens.findByHash(sha256Hex(token));
      if (record && record.clientId === client.clientId) {
        const grant = services.repos.oauthGrants.get(record.grantId);
        const at = services.clocks
          .forAccount(grant?.accountId ?? '')
          .now()
          .toISOString();
        if (record.kind === 'refresh') oauthTokens.revokeFamily(record.familyId, at);
        else oauthTokens.revoke(record.tokenHash, at);
      }
      return c.body(null, 200, NO_STORE);
    }),
  );
}
