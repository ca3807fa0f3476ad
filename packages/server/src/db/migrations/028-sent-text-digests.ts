import type { Migration } from '../migrate.js';

/**
 * LinkedIn's texts, which its duplicate rule remembers however old, move from a partial index of
 * the post records (migration 019) to a table of their own, found by its key. That index's
 * condition named a network (`platform = 'linkedin'`): SQLite then compiled again, on every run,
 * each statement that binds `platform` on `post_records` (every limit count by network, the
 * networks' history read), to see whether the bound value lets it use the index. The index goes;
 * the column stays for X's and Facebook's digests, read with the day's posts and indexed by nothing.
 * LinkedIn rows no longer carry their digest there: one place for each remembered text.
 */
export const migration028SentTextDigests: Migration = {
  id: 28,
  name: 'sent-text-digests',
  up(db) {
    db.exec(`
      CREATE TABLE sent_text_digests (
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        profile_id TEXT NOT NULL,
        platform TEXT NOT NULL,
        digest BLOB NOT NULL,
        post_id TEXT NOT NULL,
        at TEXT NOT NULL,
        publish_id TEXT,
        PRIMARY KEY (account_id, profile_id, platform, digest, post_id)
      ) WITHOUT ROWID;
      INSERT INTO sent_text_digests (account_id, profile_id, platform, digest, post_id, at, publish_id)
        SELECT account_id, profile_id, platform, text_digest, id, at, publish_id FROM post_records
        WHERE platform = 'linkedin' AND text_digest IS NOT NULL;
      UPDATE post_records SET text_digest = NULL WHERE platform = 'linkedin' AND text_digest IS NOT NULL;
      DROP INDEX post_records_linkedin_texts;
    `);
  },
};
