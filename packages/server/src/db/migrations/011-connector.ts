import type { Migration } from '../migrate.js';

/**
 * The AI-app connector's own records.
 * - `connector_requests`: the POST /posts `post` body of each post and scheduled post an AI app
 *   made, with the grant or API key that made it. `service_retry_post` sends a failed one again from
 *   it (post records keep no request), and Disconnect can find the posts an app scheduled.
 * - `connector_idempotency_entries`: the idempotency entries of signed-in apps, keyed by grant id
 *   (`api_key_id` holds the grant id; no API key row exists for a grant). Same columns and rules as
 *   `idempotency_entries`, read by the same repository.
 */
export const migration011Connector: Migration = {
  id: 11,
  name: 'connector',
  up(db) {
    db.exec(`
      CREATE TABLE connector_requests (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('post', 'scheduled_post')),
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        grant_id TEXT,
        api_key_id TEXT,
        request TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX connector_requests_grant ON connector_requests(grant_id, kind);
      CREATE TABLE connector_idempotency_entries (
        api_key_id TEXT NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('posts', 'media')),
        idempotency_key TEXT NOT NULL,
        body_sha256 TEXT NOT NULL,
        claim_token TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL CHECK (state IN ('in_progress', 'done')),
        first_used_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        request_count INTEGER NOT NULL DEFAULT 1,
        completed_at TEXT,
        answer_status INTEGER,
        answer_headers TEXT,
        answer_body BLOB,
        answer_error_code TEXT,
        PRIMARY KEY (api_key_id, scope, idempotency_key)
      );
      CREATE INDEX connector_idempotency_expiry ON connector_idempotency_entries(expires_at);
    `);
  },
};
