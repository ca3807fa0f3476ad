import type { Migration } from '../migrate.js';

/**
 * The network inbox's row moves into its post record: what the network received (text, media,
 * options, post type) becomes four columns of the record, null when no delivery is kept
 * (`delivery_media` is never null for a kept one). The deliveries table was one more B-tree that
 * every publish and every send wrote to the WAL, in one more statement; its rows only ever went
 * with their record (keyed by it, deleted with it). What the inbox and the list answer is the same.
 */
export const migration018DeliveriesInPostRecords: Migration = {
  id: 18,
  name: 'deliveries-in-post-records',
  up(db) {
    db.exec(`
      ALTER TABLE post_records ADD COLUMN delivery_text TEXT;
      ALTER TABLE post_records ADD COLUMN delivery_media TEXT;
      ALTER TABLE post_records ADD COLUMN delivery_options TEXT;
      ALTER TABLE post_records ADD COLUMN delivery_post_type TEXT;
      UPDATE post_records
        SET (delivery_text, delivery_media, delivery_options, delivery_post_type) =
          (SELECT d.text, d.media, d.options, d.post_type FROM deliveries d WHERE d.post_id = post_records.id)
        WHERE id IN (SELECT post_id FROM deliveries);
      DROP TABLE deliveries;
    `);
  },
};
