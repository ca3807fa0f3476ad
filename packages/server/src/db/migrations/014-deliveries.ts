import type { Migration } from '../migrate.js';

/**
 * The network inbox: what each simulated network accepted, one row per post record that a network
 * took. The row is keyed by its post record and goes with it (and so with the account); the
 * account, profile, network, time, permalink and status are the record's and are read from it,
 * so a publish writes one row of what only the delivery knows. Post record ids are time-ordered,
 * so the insert appends to the table's last page instead of touching an index page of its own.
 */
export const migration014Deliveries: Migration = {
  id: 14,
  name: 'deliveries',
  up(db) {
    db.exec(`
      CREATE TABLE deliveries (
        post_id TEXT PRIMARY KEY REFERENCES post_records(id) ON DELETE CASCADE,
        text TEXT,
        media TEXT NOT NULL,
        options TEXT NOT NULL,
        post_type TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
