import { sha256Hex } from '../domain/secrets.js';
import type { AccessTokenVerifier, SignedInCaller } from '../mcp/access-tokens.js';
import type { Services } from '../services.js';

/** Last use is written at most once a minute per grant, not on every tool call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The real verifier behind `/mcp`: a connector access token is valid while it is known, not
 * expired on the account's clock, not revoked, its grant still connected, and its audience is this
 * server's `{base_url}/mcp` (RFC 8707; stored in its one form, so any loopback name may present it). Scopes are the token's as far as the grant still allows,
 * so narrowing a grant applies at once. A valid use records the grant's last use.
 */
export class OAuthAccessTokenVerifier implements AccessTokenVerifier {
  constructor(private readonly services: Services) {}

  verify(token: string): SignedInCaller | null {
    if (!token.startsWith('spat_')) return null;
    const { oauthTokens, oauthGrants } = this.services.repos;
    const record = oauthTokens.findByHash(sha256Hex(token));
    if (record?.kind !== 'access' || record.revokedAt !== null) return null;
    if (record.resource !== `${this.services.ownNames.canonicalBase()}/mcp`) return null;
    const grant = oauthGrants.get(record.grantId);
    if (!grant || grant.revokedAt !== null) return null;
    // Expiry on the account's clock (its test clock, or the server's).
    const now = this.services.clocks.forAccount(grant.accountId).now();
    if (Date.parse(record.expiresAt) <= now.getTime()) return null;
    const scopes = record.scopes.filter((scope) => grant.scopes.includes(scope));
    if (scopes.length === 0) return null;
    if (!grant.lastUsedAt || now.getTime() - Date.parse(grant.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
      oauthGrants.touch(grant.id, now.toISOString());
    }
    return { kind: 'grant', accountId: grant.accountId, grantId: grant.id, clientId: grant.clientId, scopes };
  }
}
