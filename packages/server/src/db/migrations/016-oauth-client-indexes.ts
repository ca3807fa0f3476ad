import type { Migration } from '../migrate.js';

/**
 * Indexes for bounding OAuth clients: which clients a grant names (the unused-client count, cap
 * and sweep ask "no grant names it" of every client) and clients by creation time (the sweep's
 * next due time is the oldest unused one's).
 */
export const migration016OAuthClientIndexes: Migration = {
  id: 16,
  name: 'oauth-client-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX oauth_grants_client ON oauth_grants(client_id);
      CREATE INDEX oauth_clients_created ON oauth_clients(created_at);
    `);
  },
};
