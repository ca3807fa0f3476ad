import type { Migration } from '../migrate.js';

/**
 * Post records: one index by account instead of three. Every index is a page a publish writes to
 * the WAL; `post_records_account` keeps the list's order and carries the columns the limit counts
 * filter on, so the list, the counts and the 20-second wait's latest send all read this one index.
 * The rows and what they say do not change.
 */
export const migration012PostRecordsAccountIndex: Migration = {
  id: 12,
  name: 'post-records-account-index',
  up(db) {
    db.exec(`
      CREATE INDEX post_records_account
        ON post_records(account_id, at, id, platform, profile_id, status, has_links);
      DROP INDEX post_records_list;
      DROP INDEX post_records_profile_at;
      DROP INDEX post_records_account_platform_at;
    `);
  },
};
