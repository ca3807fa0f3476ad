import type { Migration } from '../migrate.js';

/**
 * Scheduled posts: indexes that a send does not rewrite. Settling a sent post changed `outcome` and
 * `gone_out`, which three indexes held, so each send deleted and re-inserted three entries. The
 * questions that filter on them only ever ask about open posts (waiting, sending, not gone out), so
 * those indexes now hold open posts only (partial indexes): a settled post leaves them, and nothing
 * is added. One plain index by account serves the rest (the account's deletion, its other reads).
 * The rows and what every read answers do not change.
 */
export const migration017ScheduledPostsOpenIndexes: Migration = {
  id: 17,
  name: 'scheduled-posts-open-indexes',
  up(db) {
    db.exec(`
      DROP INDEX scheduled_posts_due;
      DROP INDEX scheduled_posts_list;
      DROP INDEX scheduled_posts_account_outcome;
      CREATE INDEX scheduled_posts_account ON scheduled_posts(account_id);
      CREATE INDEX scheduled_posts_due ON scheduled_posts(at, seq) WHERE outcome = 'waiting';
      CREATE INDEX scheduled_posts_waiting ON scheduled_posts(account_id, at) WHERE outcome = 'waiting';
      CREATE INDEX scheduled_posts_sending ON scheduled_posts(account_id) WHERE outcome = 'sending';
      CREATE INDEX scheduled_posts_list ON scheduled_posts(account_id, at, id) WHERE gone_out = 0;
    `);
  },
};
