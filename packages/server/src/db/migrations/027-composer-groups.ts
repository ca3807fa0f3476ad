import type { Migration } from '../migrate.js';

/**
 * The dashboard composer's groups: one post written once for several networks becomes one post
 * (or scheduled post) per network, as the API makes them; this keeps which belong together, so
 * Scheduled and History show them as one row. `item_id` is a scheduled post's or a post's id.
 */
export const migration027ComposerGroups: Migration = {
  id: 27,
  name: 'composer-groups',
  up(db) {
    db.exec(`
      CREATE TABLE composer_groups (
        item_id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE
      );
      CREATE INDEX composer_groups_group ON composer_groups(group_id);
    `);
  },
};
