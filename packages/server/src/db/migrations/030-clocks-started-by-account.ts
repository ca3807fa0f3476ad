import type { Migration } from '../migrate.js';

/**
 * A test clock an account started from its own Clock page names that account, so the account's
 * deletion takes the clock with it (an admin's clocks stay until the admin deletes them).
 */
export const migration030ClocksStartedByAccount: Migration = {
  id: 30,
  name: 'clocks-started-by-account',
  up(db) {
    db.exec('ALTER TABLE clocks ADD COLUMN started_by_account TEXT;');
  },
};
