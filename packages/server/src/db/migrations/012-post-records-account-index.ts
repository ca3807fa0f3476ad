import type { Migration } from '../migrate.js';

/**
 * Post records: one index by account instead of three (issue 12, publishing speed).
 *
 * Every publish inserted into three indexes keyed by account or profile, each at a page of its own
 * (the list's `(account_id, at, id)`, `(profile_id, at)` and `(account_id, platform, at)`), and
 * SQLite writes every page a commit touches to the WAL. `post_records_account` keeps the list's
 * order and carries the columns the limit counts filter on, so the counts by profile, by network
 * and of counting posts only, the 20-second wait's latest send and the list are all answered from
 * the one index, within the account's posts since the count's start (the counts name the account
 * as well as the profile now). The rows and what they say do not change.
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
