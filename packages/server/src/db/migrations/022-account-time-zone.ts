import type { Migration } from '../migrate.js';

/**
 * The dashboard's time zone per account (an IANA name such as `Asia/Tokyo`). NULL, the default,
 * follows the person's browser; every instant stays stored in UTC.
 */
export const migration022AccountTimeZone: Migration = {
  id: 22,
  name: 'account-time-zone',
  up(db) {
    db.exec('ALTER TABLE accounts ADD COLUMN time_zone TEXT');
  },
};
