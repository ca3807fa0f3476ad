import type { Migration } from '../migrate.js';

/**
 * The request log records the client address the trusted-proxy setting yields (reference-server.md,
 * "A team's server behind a proxy"); rows logged before it have none.
 */
export const migration020RequestLogClientAddress: Migration = {
  id: 20,
  name: 'request-log-client-address',
  up(db) {
    db.exec('ALTER TABLE request_log ADD COLUMN client_address TEXT;');
  },
};
