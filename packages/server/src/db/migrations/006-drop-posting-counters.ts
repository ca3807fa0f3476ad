import type { Migration } from '../migrate.js';

/**
 * Migration 002 kept per-day and per-month counters beside the post records; every limit now
 * counts the post records themselves (`domain/publishing/limit-counts.ts`), so the copies go.
 */
export const migration006DropPostingCounters: Migration = {
  id: 6,
  name: 'drop-posting-counters',
  up(db) {
    db.exec(`
      DROP TABLE IF EXISTS posting_counters;
      DROP TABLE IF EXISTS posting_last_post;
    `);
  },
};
