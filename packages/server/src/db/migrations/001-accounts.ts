import type { Migration } from '../migrate.js';

/** Accounts, keys, profiles, connections, and the server's own bookkeeping tables. */
export const migration001Accounts: Migration = {
  id: 1,
  name: 'accounts',
  up(db) {
    db.exec(`
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        plan TEXT NOT NULL,
        x_addon INTEGER NOT NULL DEFAULT 0,
        email TEXT UNIQUE,
        password_hash TEXT,
        created_at TEXT NOT NULL,
        share_links INTEGER NOT NULL DEFAULT 1,
        uploads_enabled INTEGER NOT NULL DEFAULT 1
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE profiles (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        handle TEXT NOT NULL,
        created_at TEXT NOT NULL,
        seq INTEGER NOT NULL
      );
      CREATE INDEX profiles_account ON profiles(account_id, created_at, seq);
      CREATE TABLE network_connections (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        platform TEXT NOT NULL,
        username TEXT NOT NULL,
        status TEXT NOT NULL,
        health TEXT NOT NULL,
        access_expires_at TEXT,
        connected_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        simulate TEXT NOT NULL DEFAULT '{}',
        PRIMARY KEY (profile_id, platform)
      );
      CREATE TABLE read_counters (
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        bucket TEXT NOT NULL,
        minute TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (account_id, bucket, minute)
      );
      CREATE TABLE options_cache (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        platform TEXT NOT NULL,
        variant TEXT NOT NULL DEFAULT '',
        row_json TEXT NOT NULL,
        checked_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, platform, variant)
      );
      CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        to_address TEXT,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        seq INTEGER NOT NULL
      );
      CREATE INDEX outbox_account ON outbox(account_id, seq);
      CREATE TABLE request_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        status INTEGER NOT NULL,
        error_code TEXT,
        duration_ms INTEGER NOT NULL,
        account_id TEXT,
        idempotency_key TEXT,
        replayed INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE faults (
        id TEXT PRIMARY KEY,
        method TEXT,
        path_prefix TEXT,
        account_id TEXT,
        answer TEXT NOT NULL,
        when_to TEXT NOT NULL,
        times_left INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        seq INTEGER NOT NULL
      );
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE media_files (
        file_id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        file_name TEXT NOT NULL,
        type TEXT NOT NULL,
        kind TEXT NOT NULL,
        size INTEGER NOT NULL,
        status TEXT NOT NULL,
        source TEXT NOT NULL,
        uploaded_at TEXT NOT NULL,
        expires_at TEXT,
        confirm_before_posting INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        sha256 TEXT,
        storage_path TEXT
      );
      CREATE INDEX media_files_account ON media_files(account_id, uploaded_at);
    `);
  },
};
