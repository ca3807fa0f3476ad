import { parseConnectorScopes } from '@socialpub/core';
import type { Hono } from 'hono';
import { sha256Hex } from '../domain/secrets.js';
import { clientAddress } from '../http/client-address.js';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import type { OAuthClients } from './clients.js';
import { redeemOnce, refuseIfRedeemed } from './grant-source.js';
import { answerOAuth, NO_STORE, OAuthError } from './oauth-error.js';
import { OAUTH_PATHS } from './oauth-urls.js';
import { verifierMatches } from './pkce.js';
import type { TokenAnswer } from './token-issuer.js';
import { readFormRequest, required } from './token-request.js';

/**
 * The token endpoint: `authorization_code` (single-use code, PKCE verifier, same client and
 * redirect URI) and `refresh_token` (rotated on every use; a reused one revokes its family).
 * Every refusal is RFC 6749 JSON and changes nothing beyond the revocations OAuth 2.1 asks for.
 */
export function mountToken(app: Hono<AppEnv>, services: Services, clients: OAuthClients): void {
  app.post(OAUTH_PATHS.token, (c) =>
    answerOAuth(c, async () => {
      const form = await readFormRequest(c);
      const grantType = required(form, 'grant_type');
      const client = await clients.resolve(required(form, 'client_id'), clientAddress(c));
      let answer: TokenAnswer;
      if (grantType === 'authorization_code') answer = exchangeCode(services, form, client.clientId);
      else if (grantType === 'refresh_token') answer = refresh(services, form, client.clientId);
      else {
        throw new OAuthError(
          'unsupported_grant_type',
          `grant_type ${grantType} is not supported; use authorization_code or refresh_token.`,
        );
      }
      return c.json(answer, 200, NO_STORE);
    }),
  );
}

/**
 * RFC 8707: a `resource` sent to the token endpoint must name the same audience (under any of the
 * server's loopback names: one resource), and the grant's must still be this server's.
 */
function checkResource(services: Services, form: Map<string, string>, bound: string): void {
  const asked = form.get('resource');
  const current = `${services.ownNames.canonicalBase()}/mcp`;
  if (asked !== undefined && services.ownNames.canonical(asked) !== bound) {
    throw new OAuthError('invalid_target', `This grant is for ${bound}; the resource asked is different.`);
  }
  if (bound !== current) {
    throw new OAuthError(
      'invalid_grant',
      `This grant was issued for ${bound}, not for this server's ${current}.`,
    );
  }
}

function exchangeCode(services: Services, form: Map<string, string>, clientId: string): TokenAnswer {
  const code = required(form, 'code');
  const verifier = required(form, 'code_verifier');
  const redirectUri = required(form, 'redirect_uri');
  const { oauthCodes, oauthGrants } = services.repos;
  const record = oauthCodes.findByHash(sha256Hex(code));
  if (!record || record.clientId !== clientId) {
    throw new OAuthError(
      'invalid_grant',
      'The authorization code is unknown or was issued to another client.',
    );
  }
  const grant = oauthGrants.get(record.grantId);
  // Every expiry of a grant reads its account's clock (a test clock, or the server's).
  const now = services.clocks.forAccount(grant?.accountId ?? '').now();
  refuseIfRedeemed(
    services,
    record,
    now,
    'The authorization code was already used; the tokens issued from it are revoked. Start the sign-in again.',
  );
  if (Date.parse(record.expiresAt) <= now.getTime()) {
    throw new OAuthError('invalid_grant', 'The authorization code expired; start the sign-in again.');
  }
  if (record.redirectUri !== redirectUri) {
    throw new OAuthError(
      'invalid_grant',
      'redirect_uri does not match the one of the authorization request.',
    );
  }
  if (!verifierMatches(verifier, record.codeChallenge)) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge (PKCE S256).');
  }
  checkResource(services, form, record.resource);
  if (!grant || grant.revokedAt !== null) {
    throw new OAuthError(
      'invalid_grant',
      'The app was disconnected from the account; start the sign-in again.',
    );
  }
  const scopes = record.scopes.filter((scope) => grant.scopes.includes(scope));
  return redeemOnce(
    services,
    (at) => oauthCodes.markUsed(record.codeHash, at),
    { grantId: grant.id, familyId: record.familyId, clientId, scopes, resource: record.resource },
    now,
    'The authorization code was already used; start the sign-in again.',
  );
}

function refresh(services: Services, form: Map<string, string>, clientId: string): TokenAnswer {
  const token = required(form, 'refresh_token');
  const { oauthTokens, oauthGrants } = services.repos;
  const record = oauthTokens.findByHash(sha256Hex(token));
  if (record?.kind !== 'refresh' || record.clientId !== clientId) {
    throw new OAuthError('invalid_grant', 'The refresh token is unknown or was issued to another client.');
  }
  if (record.revokedAt !== null) {
    throw new OAuthError('invalid_grant', 'The refresh token was revoked; sign in again.');
  }
  const grant = oauthGrants.get(record.grantId);
  const now = services.clocks.forAccount(grant?.accountId ?? '').now();
  // Rotation's reuse detection: either the app or a thief holds an old token.
  refuseIfRedeemed(
    services,
    record,
    now,
    'The refresh token was already used once; every token of this sign-in is now revoked. Sign in again.',
  );
  if (Date.parse(record.expiresAt) <= now.getTime()) {
    throw new OAuthError('invalid_grant', 'The refresh token expired; sign in again.');
  }
  checkResource(services, form, record.resource);
  if (!grant || grant.revokedAt !== null) {
    throw new OAuthError('invalid_grant', 'The app was disconnected from the account; sign in again.');
  }
  // A refresh may narrow the scope (RFC 6749 section 6), never widen it beyond the grant.
  let scopes = record.scopes.filter((scope) => grant.scopes.includes(scope));
  const asked = form.get('scope');
  if (asked !== undefined) {
    const narrowed = parseConnectorScopes(asked);
    if (narrowed.length === 0 || narrowed.some((scope) => !scopes.includes(scope))) {
      throw new OAuthError('invalid_scope', `The scope asked exceeds this grant's: ${scopes.join(' ')}.`);
    }
    scopes = narrowed;
  }
  return redeemOnce(
    services,
    (at) => oauthTokens.markUsed(record.tokenHash, at),
    { grantId: grant.id, familyId: record.familyId, clientId, scopes, resource: record.resource },
    now,
    'The refresh token was already used once; sign in again.',
  );
}
