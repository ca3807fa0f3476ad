import type { ConnectorScope } from '@socialpub/core';

/** An AI app signed in through OAuth, as the access token it sent names it. */
export interface SignedInCaller {
  kind: 'grant';
  accountId: string;
  grantId: string;
  clientId: string;
  scopes: readonly ConnectorScope[];
}

/**
 * Checks a connector access token (oauth/ implements it). `null` for a token that is unknown,
 * expired on the account's clock, revoked, disconnected or issued for another audience: the
 * `/mcp` route answers all of them with the same 401 challenge.
 */
export interface AccessTokenVerifier {
  verify(token: string): SignedInCaller | null;
}
