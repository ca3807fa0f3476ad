import type { Migration } from '../migrate.js';

/**
 * The authorization server for AI apps. Every secret (authorization code, access and
 * refresh token) is stored only as its SHA-256, so a copy of the database signs no app in.
 *
 * - `oauth_clients`: apps registered dynamically (RFC 7591) and snapshots of Client ID Metadata
 *   Documents (`kind = 'metadata_document'`, `client_id` is the document's https URL).
 * - `oauth_grants`: one per account and app; what the person allowed, when, and the last use.
 *   Disconnect sets `revoked_at`, which stops every token of the grant at once.
 * - `oauth_codes`, `oauth_tokens`: a `family_id` ties the tokens issued from one code and their
 *   refresh descendants, so a reused code or refresh token revokes exactly that family.
 */
export const migration008OAuth: Migration = {
  id: 8,
  name: 'oauth',
  up(db) {
    db.exec(`
      CREATE TABLE oauth_clients (
        client_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        client_name TEXT,
        client_uri TEXT,
        redirect_uris TEXT NOT NULL,
        token_endpoint_auth_method TEXT NOT NULL,
        created_at TEXT NOT NULL,
        fetched_at TEXT
      );
      CREATE TABLE oauth_grants (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        client_id TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT
      );
      CREATE INDEX oauth_grants_account ON oauth_grants(account_id, revoked_at);
      CREATE TABLE oauth_codes (
        code_hash TEXT PRIMARY KEY,
        grant_id TEXT NOT NULL REFERENCES oauth_grants(id) ON DELETE CASCADE,
        client_id TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        code_challenge TEXT NOT NULL,
        resource TEXT NOT NULL,
        scopes TEXT NOT NULL,
        family_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX oauth_codes_grant ON oauth_codes(grant_id);
      CREATE TABLE oauth_tokens (
        token_hash TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        grant_id TEXT NOT NULL REFERENCES oauth_grants(id) ON DELETE CASCADE,
        family_id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        scopes TEXT NOT NULL,
        resource TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT,
        revoked_at TEXT
      );
      CREATE INDEX oauth_tokens_family ON oauth_tokens(family_id);
      CREATE INDEX oauth_tokens_grant ON oauth_tokens(grant_id);
    `);
  },
};
