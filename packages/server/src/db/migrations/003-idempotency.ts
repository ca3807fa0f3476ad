import type { Migration } from '../migrate.js';

/**
 * Idempotency entries (Endpoints, Idempotency; reference-server.md: idempotency records survive a
 * restart). One row per API key, scope (`posts` or `media`: the two are kept apart, rule 2) and
 * key. The primary key is the claim: two identical requests at the same moment race on one INSERT
 * and only one of them is sent (rule 4). `state` is `in_progress` until the first answer is stored
 * (`done`) or forgotten (the row is deleted, rule 8); the stored answer is the exact bytes sent.
 */
export const migration003Idempotency: Migration = {
  id: 3,
  name: 'idempotency',
  up(db) {
    db.exec(`
      CREATE TABLE idempotency_entries (
        api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
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
      CREATE INDEX idempotency_entries_expiry ON idempotency_entries(expires_at);
    `);
  },
};
