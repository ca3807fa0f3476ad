import { isPaidPlan } from '@socialpub/core';
import type { AccountRecord } from '../db/accounts-repo.js';
import type { ApiKeyRecord } from '../db/api-keys-repo.js';
import { API_KEY_PREFIX, bearerToken, type Caller, resolveApiKey } from '../domain/api-keys.js';
import type { Services } from '../services.js';
import type { SignedInCaller } from './access-tokens.js';

/** Who is calling `/mcp`: an app signed in through OAuth, or an app that sent an API key. */
export type ConnectorCaller =
  | { kind: 'grant'; account: AccountRecord; grant: SignedInCaller }
  | { kind: 'api_key'; account: AccountRecord; apiKey: ApiKeyRecord };

export type CallerResolution =
  | { kind: 'caller'; caller: ConnectorCaller }
  /** No token, or one that is neither an active API key nor a valid access token: the 401 challenge. */
  | { kind: 'unauthenticated'; presented: boolean }
  /** Authentication rule 5: the connector needs a paid plan, whichever way the app authenticates. */
  | { kind: 'plan_required'; account: AccountRecord };

/**
 * Reads the bearer token of the Authorization header only (never the query string). An API key is
 * recognised exactly as `/api/v2` recognises it (`resolveApiKey`); any other token goes to the
 * access-token verifier the oauth area provides.
 */
export function resolveConnectorCaller(
  services: Services,
  authorization: string | undefined,
): CallerResolution {
  const token = bearerToken(authorization);
  if (token === null) return { kind: 'unauthenticated', presented: authorization !== undefined };
  // Every API key starts with its prefix: other tokens skip the key lookup and go to the verifier.
  const keyCaller = token.startsWith(API_KEY_PREFIX) ? resolveApiKey(services.repos, token) : null;
  if (keyCaller) {
    // During a deletion the account's keys and sign-ins answer as ones that no longer work, as on REST.
    if (keyCaller.account.deletingSince !== null) return { kind: 'unauthenticated', presented: true };
    if (!isPaidPlan(keyCaller.account.plan)) return { kind: 'plan_required', account: keyCaller.account };
    return {
      kind: 'caller',
      caller: { kind: 'api_key', account: keyCaller.account, apiKey: keyCaller.apiKey },
    };
  }
  const grant = services.accessTokens.verify(token);
  if (!grant) return { kind: 'unauthenticated', presented: true };
  const account = services.repos.accounts.get(grant.accountId);
  if (!account || account.deletingSince !== null) return { kind: 'unauthenticated', presented: true };
  if (!isPaidPlan(account.plan)) return { kind: 'plan_required', account };
  return { kind: 'caller', caller: { kind: 'grant', account, grant } };
}

/** Whose idempotency keys and upload links these are: the API key, or the grant. */
export function ownerId(caller: ConnectorCaller): string {
  return caller.kind === 'api_key' ? caller.apiKey.id : `grant:${caller.grant.grantId}`;
}

/**
 * The domain's upload-link service keys links to the caller that made them ("Only the API key that
 * made the link"). A signed-in app has no key, so its grant stands in under a `grant:` id that no
 * API key can have; the record is never stored as a key and never authenticates.
 */
export function uploadCaller(caller: ConnectorCaller): Caller {
  if (caller.kind === 'api_key') return { account: caller.account, apiKey: caller.apiKey };
  return {
    account: caller.account,
    apiKey: {
      id: ownerId(caller),
      accountId: caller.account.id,
      name: `connector:${caller.grant.clientId}`,
      keyHash: '',
      prefix: '',
      createdAt: caller.account.createdAt,
      revokedAt: null,
    },
  };
}
