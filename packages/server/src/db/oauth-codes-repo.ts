import type { ConnectorScope } from '@socialpub/core';
import type { Database } from './database.js';

/** An authorization code, kept by its SHA-256 only; `usedAt` makes it single-use. */
export interface OAuthCodeRecord {
  codeHash: string;
  grantId: string;
  clientId: string;
  redirectUri: string;
  /** PKCE S256 challenge (base64url SHA-256 of the verifier). */
  codeChallenge: string;
  resource: string;
  scopes: ConnectorScope[];
  /** The token family this code starts; a reused code revokes it. */
  familyId: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

interface OAuthCodeRow {
  code_hash: string;
  grant_id: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  resource: string;
  scopes: string;
  family_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

function fromRow(row: OAuthCodeRow): OAuthCodeRecord {
  return {
    codeHash: row.code_hash,
    grantId: row.grant_id,
    clientId: row.client_id,
    redirectUri: row.redirect_uri,
    codeChallenge: row.code_challenge,
    resource: row.resource,
    scopes: row.scopes.split(' ').filter(Boolean) as ConnectorScope[],
    familyId: row.family_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  };
}

export class OAuthCodesRepository {
  constructor(private readonly db: Database) {}

  insert(code: OAuthCodeRecord): void {
    this.db
      .prepare(
        `INSERT INTO oauth_codes (code_hash, grant_id, client_id, redirect_uri, code_challenge, resource,
           scopes, family_id, created_at, expires_at, used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        code.codeHash,
        code.grantId,
        code.clientId,
        code.redirectUri,
        code.codeChallenge,
        code.resource,
        code.scopes.join(' '),
        code.familyId,
        code.createdAt,
        code.expiresAt,
        code.usedAt,
      );
  }

  findByHash(codeHash: string): OAuthCodeRecord | null {
    const row = this.db.prepare('SELECT * FROM oauth_codes WHERE code_hash = ?').get(codeHash) as
      | OAuthCodeRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  /** Marks the code used; false when another exchange used it first (single use). */
  markUsed(codeHash: string, at: string): boolean {
    return (
      this.db
        .prepare('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL')
        .run(at, codeHash).changes > 0
    );
  }
}
