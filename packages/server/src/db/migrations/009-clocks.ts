import type { Migration } from '../migrate.js';

/**
 * Test clocks (reference-server.md, Clock): a clock row per test clock, the account's clock
 * (NULL: the server's clock; fixed at creation), and the mark of an account being deleted so a
 * deletion interrupted by a crash is finished at the next start. The server's own virtual clock is
 * kept in `settings` (`virtual_clock_now`).
 */
export const migration009Clocks: Migration = {
  id: 9,
  name: 'clocks',
  up(db) {
    db.exec(`
      CREATE TABLE clocks (
        id TEXT PRIMARY KEY,
        name TEXT,
        now TEXT NOT NULL,
        created_at TEXT NOT NULL,
        seq INTEGER NOT NULL
      );
      ALTER TABLE accounts ADD COLUMN clock_id TEXT REFERENCES clocks(id);
      ALTER TABLE accounts ADD COLUMN deleting_since TEXT;
      CREATE INDEX accounts_clock ON accounts(clock_id) WHERE clock_id IS NOT NULL;
      CREATE INDEX accounts_deleting ON accounts(deleting_since) WHERE deleting_since IS NOT NULL;
    `);
  },
};
