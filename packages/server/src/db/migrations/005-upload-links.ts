import type { Migration } from '../migrate.js';

/**
 * Upload links (POST /media/uploads). The `media_files` row (001) is the library's view of the file;
 * `upload_links` keeps what only the link knows: the announcement, the stored offset, tokens, the
 * times that close it and why it ended. No foreign key to `media_files`: once a ready file leaves
 * the library its link must still answer 410 upload_expired ("States and transitions", Media).
 */
export const migration005UploadLinks: Migration = {
  id: 5,
  name: 'upload-links',
  up(db) {
    db.exec(`
      CREATE TABLE upload_links (
        file_id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        api_key_id TEXT NOT NULL,
        file_name TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        type TEXT NOT NULL,
        kind TEXT NOT NULL,
        state TEXT NOT NULL,
        received_bytes INTEGER NOT NULL DEFAULT 0,
        first_byte_at TEXT,
        tokens_issued INTEGER NOT NULL DEFAULT 0,
        newest_token_expires_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        closes_at TEXT,
        verify_started_at TEXT,
        verified_sha256 TEXT,
        end_reason TEXT,
        ended_at TEXT,
        budget_day TEXT NOT NULL
      );
      CREATE INDEX upload_links_account_state ON upload_links(account_id, state);
      CREATE INDEX upload_links_same_file ON upload_links(api_key_id, file_name, size, sha256, state);
      CREATE INDEX upload_links_closes_at ON upload_links(closes_at) WHERE closes_at IS NOT NULL;
      CREATE TABLE upload_link_tokens (
        token_hash TEXT PRIMARY KEY,
        file_id TEXT NOT NULL REFERENCES upload_links(file_id) ON DELETE CASCADE,
        issued_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX upload_link_tokens_file ON upload_link_tokens(file_id);
      CREATE TABLE upload_link_events (
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX upload_link_events_window ON upload_link_events(account_id, kind, at);
      CREATE TABLE upload_budget_usage (
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        day TEXT NOT NULL,
        used_bytes INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, day)
      );
    `);
  },
};
