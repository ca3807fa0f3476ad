import type { Services } from '../services.js';
import { OAuthError } from './oauth-error.js';
import { issueTokens, type TokenAnswer, type TokenFamily } from './token-issuer.js';

/**
 * What a token request redeems: an authorization code or a refresh token, each good once. Used
 * again, it may have been stolen, so everything issued from its family stops working
 * (OAuth 2.1 sections 4.1.3 and 4.3.1).
 */
export interface GrantSource {
  familyId: string;
  usedAt: string | null;
  /** Marks it used; false when another request already did (the loser of a race is a reuse). */
  markUsed(at: string): boolean;
}

function revokeFamily(services: Services, source: GrantSource, now: Date, message: string): OAuthError {
  services.repos.oauthTokens.revokeFamily(source.familyId, now.toISOString());
  return new OAuthError('invalid_grant', message);
}

/** Refuses, and revokes the family of, a source that was already redeemed. */
export function refuseIfRedeemed(services: Services, source: GrantSource, now: Date, message: string): void {
  if (source.usedAt !== null) throw revokeFamily(services, source, now, message);
}

/** Redeems the source and issues the new tokens in one transaction, or revokes its family. */
export function redeemOnce(
  services: Services,
  source: GrantSource,
  tokens: TokenFamily,
  now: Date,
  reusedMessage: string,
): TokenAnswer {
  const answer = services.db.transaction(() =>
    source.markUsed(now.toISOString()) ? issueTokens(services, tokens, now) : null,
  )();
  if (!answer) throw revokeFamily(services, source, now, reusedMessage);
  return answer;
}
