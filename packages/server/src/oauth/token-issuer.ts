import { type ConnectorScope, OAUTH_LIFETIMES } from '@socialpub/core';
import { randomToken, sha256Hex } from '../domain/secrets.js';
import type { Services } from '../services.js';

/** The token answer (RFC 6749 section 5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface TokenFamily {
  grantId: string;
  familyId: string;
  clientId: string;
  scopes: readonly ConnectorScope[];
  resource: string;
}

/**
 * Issues an access token and a refresh token of one family. Both are opaque random strings kept
 * only as SHA-256; `now` is the account's clock, so a virtual or test clock moves their expiry.
 */
export function issueTokens(services: Services, family: TokenFamily, now: Date): TokenAnswer {
  services.repos.oauthTokens.pruneExpired(family.familyId, now.toISOString());
  const access = `spat_${randomToken(32)}`;
  const refresh = `sprt_${randomToken(32)}`;
  const base = {
    grantId: family.grantId,
    familyId: family.familyId,
    clientId: family.clientId,
    scopes: [...family.scopes],
    resource: family.resource,
    createdAt: now.toISOString(),
    usedAt: null,
    revokedAt: null,
  };
  services.repos.oauthTokens.insert({
    ...base,
    tokenHash: sha256Hex(access),
    kind: 'access',
    expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.accessTokenSeconds * 1000).toISOString(),
  });
  services.repos.oauthTokens.insert({
    ...base,
    tokenHash: sha256Hex(refresh),
    kind: 'refresh',
    expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.refreshTokenSeconds * 1000).toISOString(),
  });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: OAUTH_LIFETIMES.accessTokenSeconds,
    refresh_token: refresh,
    scope: family.scopes.join(' '),
  };
}
