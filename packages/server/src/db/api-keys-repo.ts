import { InvalidationVersion } from '../caches/invalidation-version.js';
import { LRU_CACHE_CAPACITY, LruCache } from '../caches/lru-cache.js';
import { WORKING_SET } from '../caches/lru-working-set.js';
import type { Database } from './database.js';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  keyHash: string;
  /** The first characters of the key, safe to show so a person can tell keys apart. */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}

function fromRow(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    keyHash: row.key_hash,
    prefix: row.prefix,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

export class ApiKeysRepository {
  /** Every authenticated request looks its key up by digest (the record kept, frozen); a revocation drops the entry. */
  readonly #byHash: LruCache<Readonly<ApiKeyRecord>>;
  readonly #version: InvalidationVersion;

  constructor(private readonly db: Database) {
    this.#version = new InvalidationVersion(db);
    this.#byHash = new LruCache(db, LRU_CACHE_CAPACITY, WORKING_SET);
  }

  /** Changes with every revocation or removal (what a cache built on its records checks). */
  get version(): number {
    return this.#version.current;
  }

  /** A deleted account's keys went with its rows: their kept records go too. */
  invalidateKeys(keyHashes: readonly string[]): void {
    for (const keyHash of keyHashes) this.#byHash.invalidate(keyHash);
    this.#version.invalidate();
  }

  get keptCount(): number {
    return this.#byHash.size;
  }

  insert(key: ApiKeyRecord): void {
    this.db
      .prepare(
        'INSERT INTO api_keys (id, account_id, name, key_hash, prefix, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(key.id, key.accountId, key.name, key.keyHash, key.prefix, key.createdAt, key.revokedAt);
  }

  findByHash(keyHash: string): Readonly<ApiKeyRecord> | null {
    const record = this.#byHash.read(keyHash, () => {
      const row = this.db.prepare('SELECT * FROM api_keys WHERE key_hash = ?').get(keyHash) as
        | ApiKeyRow
        | undefined;
      return row ? Object.freeze(fromRow(row)) : undefined;
    });
    return record ?? null;
  }

  get(id: string): ApiKeyRecord | null {
    const row = this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as ApiKeyRow | undefined;
    return row ? fromRow(row) : null;
  }

  listForAccount(accountId: string): ApiKeyRecord[] {
    const rows = this.db
      .prepare('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, rowid')
      .all(accountId) as ApiKeyRow[];
    return rows.map(fromRow);
  }

  revoke(id: string, at: string): void {
    this.#byHash.clear();
    this.#version.invalidate();
    this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id);
  }
}
