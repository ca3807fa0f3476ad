import type { Migration } from '../migrate.js';

/**
 * URL imports and the media library (API document: "Media file", "States and transitions: Media",
 * "Retention"). The foundation's `media_files` row stays the one record of a file; this adds what
 * an import needs on it (progress, source, when it is public) plus two tables of its own:
 * - `media_import_throttle`: "one media import every 20 seconds" per account (Request throttle);
 * - `media_removed`: files that left the library, so a later status call can tell "removed"
 *   (404 media_not_found, or 410 upload_expired for an upload link's file) from "never existed".
 */
export const migration004MediaImports: Migration = {
  id: 4,
  name: 'media-imports',
  up(db) {
    db.exec(`
      ALTER TABLE media_files ADD COLUMN bytes_uploaded INTEGER;
      ALTER TABLE media_files ADD COLUMN source_url TEXT;
      ALTER TABLE media_files ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE media_files ADD COLUMN finished_at TEXT;
      UPDATE media_files SET public = 1 WHERE status = 'ready';
      UPDATE media_files SET bytes_uploaded = size WHERE status = 'ready';
      CREATE INDEX media_files_expiry ON media_files(expires_at) WHERE expires_at IS NOT NULL;
      CREATE INDEX media_files_library ON media_files(account_id, uploaded_at, file_id);

      CREATE TABLE media_import_throttle (
        account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        last_import_at TEXT NOT NULL
      );

      CREATE TABLE media_removed (
        file_id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        source TEXT NOT NULL,
        removed_at TEXT NOT NULL,
        reason TEXT NOT NULL
      );
    `);
  },
};
