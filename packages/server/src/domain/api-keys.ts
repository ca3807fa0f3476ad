import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { AccountRecord } from '../db/accounts-repo.js';
import type { ApiKeyRecord } from '../db/api-keys-repo.js';
import type { CallerFacts, Repositories } from '../db/repositories.js';
import { digestMatches, randomToken, sha256Hex } from './secrets.js';

export const API_KEY_PREFIX = 'sp_live_';

/**
 * Keys carry 256 random bits, so a single SHA-256 is as strong as a slow hash against guessing
 * and lets the key be found by an indexed lookup of its digest (no per-key scan, no scrypt per
 * request). Only the digest and a short display prefix are stored; the key itself is shown once.
 */
export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

export interface IssuedApiKey {
  record: ApiKeyRecord;
  /** The secret itself: returned to the caller once, never stored, never logged. */
  apiKey: string;
}

export function issueApiKey(
  repos: Repositories,
  clock: Clock,
  accountId: string,
  name: string,
): IssuedApiKey {
  const apiKey = API_KEY_PREFIX + randomToken(32);
  const record: ApiKeyRecord = {
    id: randomUUID(),
    accountId,
    name,
    keyHash: hashApiKey(apiKey),
    prefix: apiKey.slice(0, API_KEY_PREFIX.length + 4),
    createdAt: clock.now().toISOString(),
    revokedAt: null,
  };
  repos.apiKeys.insert(record);
  return { record, apiKey };
}

export function revokeApiKey(repos: Repositories, clock: Clock, keyId: string): ApiKeyRecord | null {
  const key = repos.apiKeys.get(keyId);
  if (!key) return null;
  if (!key.revokedAt) repos.apiKeys.revoke(keyId, clock.now().toISOString());
  return repos.apiKeys.get(keyId);
}

/** The account and key of an authenticated request (kept and shared between requests: read only). */
export interface Caller {
  readonly account: Readonly<AccountRecord>;
  readonly apiKey: Readonly<ApiKeyRecord>;
  /** What the key's requests read besides, when the caller was found by its key (caches/caller-facts-cache.ts). */
  readonly facts?: CallerFacts;
}

/** An active key's account, or null for a missing, unknown or revoked key (all answer 401 alike). */
export function resolveApiKey(repos: Repositories, presented: string): Caller | null {
  if (presented === '' || presented.length > 512) return null;
  const digest = hashApiKey(presented);
  const found = repos.apiKeyCallers.find(digest);
  // The lookup itself is by digest; the constant-time comparison keeps the rule ("compared in
  // constant time") true whatever the lookup does, for about 100 ns.
  if (found === null || !digestMatches(digest, found.keyHashBytes)) return null;
  return found;
}

/** `Authorization: Bearer <key>`, the word Bearer in any capitalisation (Authentication, rule 1). */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
