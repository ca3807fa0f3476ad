import type { ConnectorScope } from '@socialpub/core';
import { LruCache } from '../caches/lru-cache.js';
import type { Database } from './database.js';

/** What a person allowed one AI app to do on their account (Connected apps lists these). */
export interface OAuthGrantRecord {
  id: string;
  accountId: string;
  clientId: string;
  scopes: ConnectorScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

interface OAuthGrantRow {
  id: string;
  account_id: string;
  client_id: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

function fromRow(row: OAuthGrantRow): OAuthGrantRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    clientId: row.client_id,
    scopes: row.scopes.split(' ').filter(Boolean) as ConnectorScope[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export class OAuthGrantsRepository {
  /** Every `/mcp` call reads its token's grant (kept, frozen); a write to the grant drops it. */
  readonly #byId: LruCache<Readonly<OAuthGrantRecord>>;

  constructor(private readonly db: Database) {
    this.#byId = new LruCache(db);
  }

  /** A deleted account's grants went with its rows (the cascade). */
  invalidateGrants(grantIds: readonly string[]): void {
    for (const id of grantIds) this.#byId.invalidate(id);
  }

  get keptCount(): number {
    return this.#byId.size;
  }

  get(id: string): Readonly<OAuthGrantRecord> | null {
    const record = this.#byId.read(id, () => {
      const row = this.db.prepare('SELECT * FROM oauth_grants WHERE id = ?').get(id) as
        | OAuthGrantRow
        | undefined;
      return row ? Object.freeze(fromRow(row)) : undefined;
    });
    return record ?? null;
  }

  /** The account's connected (not disconnected) app, if it already has a grant. */
  activeFor(accountId: string, clientId: string): OAuthGrantRecord | null {
    const row = this.db
      .prepare('SELECT * FROM oauth_grants WHERE account_id = ? AND client_id = ? AND revoked_at IS NULL')
      .get(accountId, clientId) as OAuthGrantRow | undefined;
    return row ? fromRow(row) : null;
  }

  listActive(accountId: string): OAuthGrantRecord[] {
    const rows = this.db
      .prepare(
        'SELECT * FROM oauth_grants WHERE account_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, rowid DESC',
      )
      .all(accountId) as OAuthGrantRow[];
    return rows.map(fromRow);
  }

  /**
   * The account's grants an app can still use at `now`: not disconnected, and holding a token that
   * is neither revoked nor expired (nor a refresh token already rotated), or a code not yet
   * exchanged. A sign-in whose tokens were all revoked (reuse detected) or ran out is not listed.
   */
  listConnected(accountId: string, now: string): OAuthGrantRecord[] {
    const rows = this.db
      .prepare(
        `SELECT g.* FROM oauth_grants g
         WHERE g.account_id = ? AND g.revoked_at IS NULL
           AND (EXISTS (SELECT 1 FROM oauth_tokens t
                        WHERE t.grant_id = g.id AND t.revoked_at IS NULL AND t.expires_at > ?
                          AND (t.kind = 'access' OR t.used_at IS NULL))
                OR EXISTS (SELECT 1 FROM oauth_codes k
                           WHERE k.grant_id = g.id AND k.used_at IS NULL AND k.expires_at > ?))
         ORDER BY g.created_at DESC, g.rowid DESC`,
      )
      .all(accountId, now, now) as OAuthGrantRow[];
    return rows.map(fromRow);
  }

  insert(grant: OAuthGrantRecord): void {
    this.db
      .prepare(
        `INSERT INTO oauth_grants (id, account_id, client_id, scopes, created_at, last_used_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        grant.id,
        grant.accountId,
        grant.clientId,
        grant.scopes.join(' '),
        grant.createdAt,
        grant.lastUsedAt,
        grant.revokedAt,
      );
  }

  setScopes(id: string, scopes: readonly ConnectorScope[]): void {
    this.#byId.invalidate(id);
    this.db.prepare('UPDATE oauth_grants SET scopes = ? WHERE id = ?').run(scopes.join(' '), id);
  }

  touch(id: string, at: string): void {
    this.#byId.invalidate(id);
    this.db.prepare('UPDATE oauth_grants SET last_used_at = ? WHERE id = ?').run(at, id);
  }

  /** True when this call disconnected it (false when it was already disconnected). */
  revoke(id: string, at: string): boolean {
    this.#byId.invalidate(id);
    return (
      this.db
        .prepare('UPDATE oauth_grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
        .run(at, id).changes > 0
    );
  }
}
