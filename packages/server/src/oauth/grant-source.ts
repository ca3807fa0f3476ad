import type { Services } from '../services.js';
import { OAuthError } from './oauth-error.js';
import { issueTokens, type TokenAnswer, type TokenFamily } from './token-issuer.js';

/**
 * What a token request redeems (an authorization code or a refresh token) is good once. Used again
 * it may have been stolen, so everything issued from its family stops working (OAuth 2.1 sections
 * 4.1.3 and 4.3.1), like node-oidc-provider's consumed grant sources.
 */
function revokeFamily(services: Services, familyId: string, now: Date, message: string): OAuthError {
  services.repos.oauthTokens.revokeFamily(familyId, now.toISOString());
  return new OAuthError('invalid_grant', message);
}

/** Refuses, and revokes the family of, a code or refresh token that was already redeemed. */
export function refuseIfRedeemed(
  services: Services,
  source: { familyId: string; usedAt: string | null },
  now: Date,
  message: string,
): void {
  if (source.usedAt !== null) throw revokeFamily(services, source.familyId, now, message);
}

/**
 * Marks the source used (`markUsed`: false when another request already did) and issues the new
 * tokens in one transaction; the loser of a race is a reuse and revokes the family.
 */
export function redeemOnce(
  services: Services,
  markUsed: (at: string) => boolean,
  tokens: TokenFamily,
  now: Date,
  reusedMessage: string,
): TokenAnswer {
  const answer = services.db.transaction(() =>
    markUsed(now.toISOString()) ? issueTokens(services, tokens, now) : null,
  )();
  if (!answer) throw revokeFamily(services, tokens.familyId, now, reusedMessage);
  return answer;
}
