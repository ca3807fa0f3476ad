import type { Migration } from '../migrate.js';

/**
 * Post records, scheduled posts and the posting counters.
 *
 * Times are stored as `Date#toISOString()` text, which sorts like the instants it names, so the
 * list's keyset pagination on (at, id) and the due-time scan use plain indexes.
 * `scheduled_posts.gone_out` is kept by a trigger: once any post record names a scheduled post, the
 * list shows that network's post instead of the scheduled post ("GET /api/v2/posts - list").
 */
export const migration002Posts: Migration = {
  id: 2,
  name: 'posts',
  up(db) {
    db.exec(`
      CREATE TABLE post_records (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        profile_id TEXT NOT NULL,
        platform TEXT NOT NULL,
        status TEXT NOT NULL,
        media_type TEXT,
        publish_id TEXT,
        permalink TEXT,
        error_message TEXT,
        at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        scheduled_post_id TEXT,
        notices TEXT NOT NULL DEFAULT '[]',
        has_links INTEGER NOT NULL DEFAULT 0,
        network_result TEXT,
        username TEXT,
        finish_at TEXT,
        published_at TEXT,
        simulated_figures TEXT,
        figures TEXT,
        next_figures_at TEXT
      );
      CREATE INDEX post_records_list ON post_records(account_id, at, id);
      CREATE INDEX post_records_profile_at ON post_records(profile_id, at);
      CREATE INDEX post_records_account_platform_at ON post_records(account_id, platform, at);
      CREATE INDEX post_records_finish ON post_records(finish_at) WHERE finish_at IS NOT NULL;
      CREATE INDEX post_records_figures ON post_records(next_figures_at) WHERE next_figures_at IS NOT NULL;
      CREATE INDEX post_records_scheduled ON post_records(scheduled_post_id) WHERE scheduled_post_id IS NOT NULL;

      CREATE TABLE scheduled_posts (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        profile_id TEXT NOT NULL,
        platforms TEXT NOT NULL,
        outcome TEXT NOT NULL,
        at TEXT NOT NULL,
        scheduled_for TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        note TEXT,
        error_message TEXT,
        media_type TEXT,
        request TEXT NOT NULL,
        not_sent TEXT NOT NULL DEFAULT '{}',
        sending_started_at TEXT,
        gone_out INTEGER NOT NULL DEFAULT 0,
        seq INTEGER NOT NULL
      );
      CREATE INDEX scheduled_posts_due ON scheduled_posts(outcome, at, seq);
      CREATE INDEX scheduled_posts_seq ON scheduled_posts(seq);
      CREATE INDEX scheduled_posts_list ON scheduled_posts(account_id, gone_out, at, id);
      CREATE INDEX scheduled_posts_account_outcome ON scheduled_posts(account_id, outcome);

      CREATE TRIGGER post_records_mark_gone_out AFTER INSERT ON post_records
      WHEN NEW.scheduled_post_id IS NOT NULL
      BEGIN
        UPDATE scheduled_posts SET gone_out = 1 WHERE id = NEW.scheduled_post_id AND gone_out = 0;
      END;

      CREATE TABLE posting_counters (
        scope TEXT NOT NULL,
        subject TEXT NOT NULL,
        window TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (scope, subject, window)
      );
      CREATE TABLE posting_last_post (
        account_id TEXT NOT NULL,
        platform TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (account_id, platform)
      );
    `);
  },
};
