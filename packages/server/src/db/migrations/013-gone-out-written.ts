import type { Migration } from '../migrate.js';

/**
 * `scheduled_posts.gone_out` is set by the post records repository in the statement after the
 * insert (same transaction) instead of by migration 002's trigger: a statement with a trigger keeps
 * a copy of every page it changes in case it has to undo itself, a cost every scheduled send paid.
 */
export const migration013GoneOutWritten: Migration = {
  id: 13,
  name: 'gone-out-written',
  up(db) {
    db.exec('DROP TRIGGER IF EXISTS post_records_mark_gone_out');
  },
};
