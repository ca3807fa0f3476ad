import type { Migration } from '../migrate.js';

/**
 * What the simulated networks remember of the texts they accepted, for the networks that refuse a
 * duplicate (network-rules.md): each accepted X, LinkedIn and Facebook post with text keeps the
 * SHA-256 of its NFC text in its own row (`text_digest`), written with the row at no extra page.
 * X (24 hours) and Facebook (the previous post, within 24 hours) read the profile's recent posts
 * through the account index; LinkedIn, which refuses a duplicate however old, gets a partial index
 * of its own rows only, so no other network's publish writes to it.
 */
export const migration019NetworkTexts: Migration = {
  id: 19,
  name: 'network-texts',
  up(db) {
    db.exec(`
      ALTER TABLE post_records ADD COLUMN text_digest BLOB;
      CREATE INDEX post_records_linkedin_texts ON post_records(account_id, profile_id, text_digest)
        WHERE platform = 'linkedin' AND text_digest IS NOT NULL;
    `);
  },
};
