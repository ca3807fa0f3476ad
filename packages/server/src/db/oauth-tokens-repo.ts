import type { ConnectorScope } from '@socialpub/core';
import { LruCache } from '../caches/lru-cache.js';
import type { Database } from './database.js';

export type OAuthTokenKind = 'access' | 'refresh';

/** An access or refresh token, kept by its SHA-256 only. */
export interface OAuthTokenRecord {
  tokenHash: string;
  kind: OAuthTokenKind;
  grantId: string;
  familyId: string;
  clientId: string;
  scopes: ConnectorScope[];
  /** The audience (RFC 8707): `{base_url}/mcp` at issue time. */
  resource: string;
  createdAt: string;
  expiresAt: string;
  /** A refresh token's rotation: set when it was exchanged; a second use is a reuse. */
  usedAt: string | null;
  revokedAt: string | null;
}

interface OAuthTokenRow {
  token_hash: string;
  kind: OAuthTokenKind;
  grant_id: string;
  family_id: string;
  client_id: string;
  scopes: string;
  resource: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

function fromRow(row: OAuthTokenRow): OAuthTokenRecord {
  return {
    tokenHash: row.token_hash,
    kind: row.kind,
    grantId: row.grant_id,
    familyId: row.family_id,
    clientId: row.client_id,
    scopes: row.scopes.split(' ').filter(Boolean) as ConnectorScope[],
    resource: row.resource,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    revokedAt: row.revoked_at,
  };
}

export class OAuthTokensRepository {
  /**
   * Every `/mcp` call looks its access token up by digest (the record kept, frozen), as API keys
   * are; every write to a token drops the kept records, so a revocation holds from the next call.
   */
  readonly #byHash: LruCache<Readonly<OAuthTokenRecord>>;

  constructor(private readonly db: Database) {
    this.#byHash = new LruCache(db);
  }

  /** A deleted account's apps' tokens went with its rows (the cascade). */
  invalidateTokens(tokenHashes: readonly string[]): void {
    for (const tokenHash of tokenHashes) this.#byHash.invalidate(tokenHash);
  }

  get keptCount(): number {
    return this.#byHash.size;
  }

  insert(token: OAuthTokenRecord): void {
    this.db
      .prepare(
        `INSERT INTO oauth_tokens (token_hash, kind, grant_id, family_id, client_id, scopes, resource,
           created_at, expires_at, used_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        token.tokenHash,
        token.kind,
        token.grantId,
        token.familyId,
        token.clientId,
        token.scopes.join(' '),
        token.resource,
        token.createdAt,
        token.expiresAt,
        token.usedAt,
        token.revokedAt,
      );
  }

  findByHash(tokenHash: string): Readonly<OAuthTokenRecord> | null {
    const record = this.#byHash.read(tokenHash, () => {
      const row = this.db.prepare('SELECT * FROM oauth_tokens WHERE token_hash = ?').get(tokenHash) as
        | OAuthTokenRow
        | undefined;
      return row ? Object.freeze(fromRow(row)) : undefined;
    });
    return record ?? null;
  }

  /** Marks a refresh token exchanged; false when it was exchanged before (reuse). */
  markUsed(tokenHash: string, at: string): boolean {
    this.#byHash.clear();
    return (
      this.db
        .prepare('UPDATE oauth_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL')
        .run(at, tokenHash).changes > 0
    );
  }

  revoke(tokenHash: string, at: string): void {
    this.#byHash.clear();
    this.db
      .prepare('UPDATE oauth_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
      .run(at, tokenHash);
  }

  revokeFamily(familyId: string, at: string): void {
    this.#byHash.clear();
    this.db
      .prepare('UPDATE oauth_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL')
      .run(at, familyId);
  }

  revokeGrant(grantId: string, at: string): void {
    this.#byHash.clear();
    this.db
      .prepare('UPDATE oauth_tokens SET revoked_at = ? WHERE grant_id = ? AND revoked_at IS NULL')
      .run(at, grantId);
  }

  /**
   * Drops the family's tokens that have expired: they work for nothing any more, and rows of a
   * family that refreshes every hour would otherwise pile up. Used refresh tokens that have not
   * expired stay, so a reuse is still recognised and revokes the family.
   */
  pruneExpired(familyId: string, now: string): void {
    this.#byHash.clear();
    this.db.prepare('DELETE FROM oauth_tokens WHERE family_id = ? AND expires_at <= ?').run(familyId, now);
  }
}
