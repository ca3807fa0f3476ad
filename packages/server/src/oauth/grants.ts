import { randomUUID } from 'node:crypto';
import { type ConnectorScope, isPaidPlan, OAUTH_LIFETIMES } from '@socialpub/core';
import type { OAuthGrantRecord } from '../db/oauth-grants-repo.js';
import { cancelPost } from '../domain/posts/cancel-post.js';
import { randomToken, sha256Hex } from '../domain/secrets.js';
import type { Services } from '../services.js';
import type { AuthorizationRequest } from './authorization-request.js';

/** The consent page's refusal for a Free account: the connector is part of paid plans only. */
export class ConnectorNeedsPaidPlanError extends Error {
  constructor() {
    super(
      'The AI-app connector is included in paid plans only. This account is on the Free plan, so no app was connected; upgrade the plan, or use the REST API with an API key.',
    );
    this.name = 'ConnectorNeedsPaidPlanError';
  }
}

/**
 * Records the person's consent and issues a single-use authorization code. The account keeps one
 * grant per app: consenting again replaces its permission (a narrower choice applies to tokens
 * already issued at once, because the verifier reads the grant's scopes too).
 */
export function consentToApp(
  services: Services,
  accountId: string,
  request: AuthorizationRequest,
  scopes: readonly ConnectorScope[],
): { code: string; grant: OAuthGrantRecord } {
  const account = services.repos.accounts.get(accountId);
  if (!account || !isPaidPlan(account.plan)) throw new ConnectorNeedsPaidPlanError();
  const { oauthGrants, oauthCodes } = services.repos;
  const now = services.clocks.forAccount(accountId).now();
  return services.db.transaction(() => {
    let grant = oauthGrants.activeFor(accountId, request.client.clientId);
    if (grant) {
      oauthGrants.setScopes(grant.id, scopes);
      grant = { ...grant, scopes: [...scopes] };
    } else {
      grant = {
        id: randomUUID(),
        accountId,
        clientId: request.client.clientId,
        scopes: [...scopes],
        createdAt: now.toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      };
      oauthGrants.insert(grant);
    }
    const code = `spc_${randomToken(32)}`;
    oauthCodes.insert({
      codeHash: sha256Hex(code),
      grantId: grant.id,
      clientId: request.client.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      resource: request.resource,
      scopes: [...scopes],
      familyId: randomUUID(),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.authorizationCodeSeconds * 1000).toISOString(),
      usedAt: null,
    });
    return { code, grant };
  })();
}

export interface DisconnectOutcome {
  disconnected: boolean;
  /** Scheduled posts of this app that were cancelled (when asked). */
  cancelled: string[];
  /** Posts of this app that could not be cancelled any more (already sending or out). */
  notCancelled: string[];
}

/**
 * Disconnect on the Connected apps page: the grant and every token of it stop at once. The posts
 * the app scheduled stay unless `cancelScheduledPosts`, which cancels each through the same
 * domain function as DELETE /api/v2/posts/{id}.
 */
export function disconnectApp(
  services: Services,
  accountId: string,
  grantId: string,
  cancelScheduledPosts: boolean,
): DisconnectOutcome {
  const { oauthGrants, oauthTokens } = services.repos;
  const grant = oauthGrants.get(grantId);
  if (!grant || grant.accountId !== accountId)
    return { disconnected: false, cancelled: [], notCancelled: [] };
  const at = services.clocks.forAccount(accountId).now().toISOString();
  const disconnected = services.db.transaction(() => {
    const changed = oauthGrants.revoke(grant.id, at);
    oauthTokens.revokeGrant(grant.id, at);
    return changed;
  })();
  const cancelled: string[] = [];
  const notCancelled: string[] = [];
  if (cancelScheduledPosts) {
    // The connector records which grant made each scheduled post (db/connector-requests-repo.ts).
    for (const id of services.repos.connectorRequests.scheduledPostIdsOfGrant(grant.id)) {
      if (services.repos.scheduledPosts.getForAccount(accountId, id)?.outcome !== 'waiting') continue;
      try {
        cancelPost(services, accountId, id);
        cancelled.push(id);
      } catch {
        // It started going out between the list and the cancel: it is no longer cancellable.
        notCancelled.push(id);
      }
    }
  }
  return { disconnected, cancelled, notCancelled };
}
