import type { Migration } from '../migrate.js';

/**
 * Dashboard sign-in sessions. The cookie carries a random id; only its SHA-256 is
 * stored, so a copy of the database signs nobody in. `csrf_secret` is the token every dashboard
 * form carries (useless without the session cookie). Expiry is read from the injected clock.
 * `api_key_last_used` feeds the "last used" column of API management (written at most once a
 * minute per key, so the request path stays cheap).
 */
export const migration007DashboardSessions: Migration = {
  id: 7,
  name: 'dashboard-sessions',
  up(db) {
    db.exec(`
      CREATE TABLE dashboard_sessions (
        id_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        csrf_secret TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        last_seen TEXT NOT NULL
      );
      CREATE INDEX dashboard_sessions_account ON dashboard_sessions(account_id);
      CREATE TABLE api_key_last_used (
        key_id TEXT PRIMARY KEY REFERENCES api_keys(id) ON DELETE CASCADE,
        last_used_at TEXT NOT NULL
      );
    `);
  },
};
