import { CallerFactsCache } from './caller-facts-cache.js';
import { LRU_CACHE_CAPACITY, LruCache, type TransactionState } from './lru-cache.js';
import { WORKING_SET } from './lru-working-set.js';

/** What the cache reads of a key's record. */
export interface CallerKeyRecord {
  readonly accountId: string;
  readonly keyHash: string;
  readonly revokedAt: string | null;
}

/** The record types of a caller: the key, its account, and the profile and connections its facts keep. */
export interface CallerRecords {
  key: CallerKeyRecord;
  account: { readonly createdAt: string };
  profile: object;
  connection: unknown;
}

/** The tables a caller is found in: each with its invalidation version, moved by every write. */
export interface CallerTables<R extends CallerRecords> {
  keys: { readonly version: number; findByHash(digest: string): R['key'] | null };
  accounts: { readonly version: number; get(id: string): R['account'] | null };
}

/** An active key and its account, as authentication finds them. */
export interface KeyCaller<R extends CallerRecords> {
  readonly apiKey: Readonly<R['key']>;
  readonly account: Readonly<R['account']>;
  /** The key's stored digest as bytes, one a character (`digestMatches` in domain/secrets.ts). */
  readonly keyHashBytes: Buffer;
  /** What the key's requests read besides (caller-facts-cache.ts): goes with this entry. */
  readonly facts: CallerFactsCache<R['profile'], R['connection']>;
}

interface KeptCaller<R extends CallerRecords> extends KeyCaller<R> {
  /** The repositories' invalidation versions when it was found: a write to either since makes it stale. */
  readonly keysVersion: number;
  readonly accountsVersion: number;
}

/**
 * The caller of each key digest in use, key and account in one entry: an authenticated request
 * makes one lookup instead of one per table. Keyed by the digest, never the key itself. An entry
 * holds only while neither repository has written anything since it was made (a revoked key, a
 * changed or deleted account, an account being deleted): then the key and account are looked up
 * again, so such a change is seen by the very next request. Only active keys of existing accounts
 * are kept; an unknown or revoked key is looked up every time, as before.
 */
export class ApiKeyCallerCache<R extends CallerRecords> {
  readonly #byDigest: LruCache<KeptCaller<R>>;

  constructor(
    db: TransactionState,
    private readonly keys: CallerTables<R>['keys'],
    private readonly accounts: CallerTables<R>['accounts'],
  ) {
    this.#byDigest = new LruCache(db, LRU_CACHE_CAPACITY, WORKING_SET);
  }

  /** A deleted account's keys: their callers (and the facts kept on them) go at once. */
  invalidateKeys(digests: readonly string[]): void {
    for (const digest of digests) this.#byDigest.invalidate(digest);
  }

  get keptCount(): number {
    return this.#byDigest.size;
  }

  /** The active key with this digest and its account, or null (unknown, revoked, account gone). */
  find(digest: string): KeyCaller<R> | null {
    // The hit makes no closure: one is made only when the key and account are looked up.
    const kept = this.#byDigest.hit(digest);
    if (kept !== undefined) {
      if (kept.keysVersion === this.keys.version && kept.accountsVersion === this.accounts.version) {
        return kept;
      }
      this.#byDigest.invalidate(digest);
    }
    return this.#byDigest.read(digest, () => this.#load(digest)) ?? null;
  }

  #load(digest: string): KeptCaller<R> | undefined {
    const keysVersion = this.keys.version;
    const accountsVersion = this.accounts.version;
    const apiKey = this.keys.findByHash(digest);
    if (apiKey === null || apiKey.revokedAt !== null) return undefined;
    const account = this.accounts.get(apiKey.accountId);
    if (account === null) return undefined;
    const keyHashBytes = Buffer.from(apiKey.keyHash, 'latin1');
    const facts = new CallerFactsCache<R['profile'], R['connection']>(account);
    return Object.freeze({ apiKey, account, keyHashBytes, facts, keysVersion, accountsVersion });
  }
}
