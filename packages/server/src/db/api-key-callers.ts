import type { AccountRecord, AccountsRepository } from './accounts-repo.js';
import type { ApiKeyRecord, ApiKeysRepository } from './api-keys-repo.js';
import { CallerFacts } from './caller-facts.js';
import type { Database } from './database.js';
import { ROW_CACHE_CAPACITY, RowCache } from './row-cache.js';
import { WORKING_SET } from './working-set.js';

/** An active key and its account, as authentication finds them. */
export interface KeyCaller {
  readonly apiKey: Readonly<ApiKeyRecord>;
  readonly account: Readonly<AccountRecord>;
  /** The key's stored digest as bytes, one a character (`digestMatches` in domain/secrets.ts). */
  readonly keyHashBytes: Buffer;
  /** What the key's requests read besides (caller-facts.ts): goes with this entry. */
  readonly facts: CallerFacts;
}

interface KeptCaller extends KeyCaller {
  /** The repositories' generations when it was found: a write to either since makes it stale. */
  readonly keysGeneration: number;
  readonly accountsGeneration: number;
}

/**
 * The caller of each key digest in use, key and account in one entry: an authenticated request
 * makes one lookup instead of one per table. Keyed by the digest, never the key itself. An entry
 * holds only while neither repository has written anything since it was made (a revoked key, a
 * changed or deleted account, an account being deleted): then the key and account are looked up
 * again, so such a change is seen by the very next request. Only active keys of existing accounts
 * are kept; an unknown or revoked key is looked up every time, as before.
 */
export class ApiKeyCallers {
  readonly #byDigest: RowCache<KeptCaller>;

  constructor(
    db: Database,
    private readonly keys: ApiKeysRepository,
    private readonly accounts: AccountsRepository,
  ) {
    this.#byDigest = new RowCache(db, ROW_CACHE_CAPACITY, WORKING_SET);
  }

  /** A deleted account's keys: their callers (and the facts kept on them) go at once. */
  forgetKeys(digests: readonly string[]): void {
    for (const digest of digests) this.#byDigest.forget(digest);
  }

  get keptCount(): number {
    return this.#byDigest.size;
  }

  /** The active key with this digest and its account, or null (unknown, revoked, account gone). */
  find(digest: string): KeyCaller | null {
    const load = () => this.#load(digest);
    let kept = this.#byDigest.read(digest, load);
    if (
      kept !== undefined &&
      (kept.keysGeneration !== this.keys.generation || kept.accountsGeneration !== this.accounts.generation)
    ) {
      this.#byDigest.forget(digest);
      kept = this.#byDigest.read(digest, load);
    }
    return kept ?? null;
  }

  #load(digest: string): KeptCaller | undefined {
    const keysGeneration = this.keys.generation;
    const accountsGeneration = this.accounts.generation;
    const apiKey = this.keys.findByHash(digest);
    if (apiKey === null || apiKey.revokedAt !== null) return undefined;
    const account = this.accounts.get(apiKey.accountId);
    if (account === null) return undefined;
    const keyHashBytes = Buffer.from(apiKey.keyHash, 'latin1');
    const facts = new CallerFacts(account);
    return Object.freeze({ apiKey, account, keyHashBytes, facts, keysGeneration, accountsGeneration });
  }
}
