import type { AccountFootprint } from '../caches/per-account-caches.js';
import type { Database } from './database.js';

/** The ids an account's caches are keyed by, read in one go before its rows are deleted. */
export function accountFootprint(db: Database, accountId: string): AccountFootprint {
  // Statements are shared (database.ts): rows are read as objects, never plucked.
  const column = (sql: string) => (db.prepare(sql).all(accountId) as { v: string }[]).map((row) => row.v);
  const keys = db.prepare('SELECT id, key_hash FROM api_keys WHERE account_id = ?').all(accountId) as {
    id: string;
    key_hash: string;
  }[];
  return {
    accountId,
    keyIds: keys.map((key) => key.id),
    keyHashes: keys.map((key) => key.key_hash),
    profileIds: column('SELECT id AS v FROM profiles WHERE account_id = ?'),
    grantIds: column('SELECT id AS v FROM oauth_grants WHERE account_id = ?'),
    tokenHashes: column(
      'SELECT token_hash AS v FROM oauth_tokens WHERE grant_id IN (SELECT id FROM oauth_grants WHERE account_id = ?)',
    ),
  };
}
