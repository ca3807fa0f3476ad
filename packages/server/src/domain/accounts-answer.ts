import type { Profile } from '@socialpub/core';
import { LruOrder } from '../caches/lru-order.js';
import { mayEvict, type WorkingSetPolicy } from '../caches/lru-working-set.js';
import type { AccountFootprint, PerAccountCache } from '../caches/per-account-caches.js';
import type { Database } from '../db/database.js';
import type { Repositories } from '../db/repositories.js';
import { listProfiles } from './profiles.js';

/**
 * Bounds of the kept answers; the least recently used goes first beyond either, unless in use
 * (caches/lru-working-set.ts: up to eight times these). Entries alone did not bound the
 * memory: an account with 100 profiles answers tens of kilobytes, so 10,000 of them could hold
 * hundreds of megabytes. 4 Mi characters keep every answer of a few
 * thousand ordinary accounts.
 */
export const ACCOUNTS_ANSWER_LIMITS = { entries: 10_000, characters: 4 * 1024 * 1024 } as const;

interface KeptAnswer {
  usedAt: number;
  /** Asked for since it got its place in the order: moved to the end when eviction reaches it. */
  used: boolean;
  profilesVersion: number;
  connectionsVersion: number;
  /** The answer is the same for every `now` in [validFrom, validUntil) (milliseconds). */
  validFrom: number;
  validUntil: number;
  json: string;
}

/**
 * The only way `now` changes a profile list: a ready connection's sign-in expiring turns its health
 * (network-health.ts). The list is the same between two neighbouring expiry times.
 */
function unchangedBetween(profiles: readonly Profile[], now: number): [from: number, until: number] {
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const profile of profiles) {
    for (const network of profile.networks) {
      if (network.access_expires_at === null) continue;
      const expiresAt = new Date(network.access_expires_at).getTime();
      if (Number.isNaN(expiresAt)) return [now, now];
      if (expiresAt <= now) from = Math.max(from, expiresAt);
      else until = Math.min(until, expiresAt);
    }
  }
  return [from, until];
}

/**
 * GET /api/v2/accounts' `{"data": [...]}` as JSON text. Every read lists the same profiles, so the
 * serialised answer is kept per account until the profiles or connections repositories write
 * (their `version` moves on every write) or the clock crosses a sign-in's expiry.
 */
export class AccountsAnswerCache implements PerAccountCache {
  readonly #answers = new Map<string, KeptAnswer>();
  readonly #order = new LruOrder(this.#answers);
  #characters = 0;

  constructor(
    private readonly repos: Repositories,
    private readonly db: Database,
    private readonly limits: { entries: number; characters: number } = ACCOUNTS_ANSWER_LIMITS,
    private readonly workingSet: WorkingSetPolicy | null = null,
  ) {}

  /** How many answers and characters are kept (tests of the bounds). */
  get kept(): { entries: number; characters: number } {
    return { entries: this.#answers.size, characters: this.#characters };
  }

  invalidateAccount(account: AccountFootprint): void {
    this.#drop(account.accountId);
  }

  cacheSizes(): Record<string, number> {
    return { accountsAnswers: this.#answers.size };
  }

  json(accountId: string, now: Date): string {
    const at = now.getTime();
    const profilesVersion = this.repos.profiles.version;
    const connectionsVersion = this.repos.connections.version;
    const kept = this.#answers.get(accountId);
    if (
      kept !== undefined &&
      kept.profilesVersion === profilesVersion &&
      kept.connectionsVersion === connectionsVersion &&
      kept.validFrom <= at &&
      at < kept.validUntil
    ) {
      // Least recently used first: a hit is marked, and moved to the end once eviction reaches it.
      kept.used = true;
      if (this.workingSet !== null) kept.usedAt = this.workingSet.nowMs();
      return kept.json;
    }
    const data = listProfiles(this.repos, accountId, now);
    const json = JSON.stringify({ data });
    // A transaction may still roll back what was read inside it (caches/lru-cache.ts).
    if (this.db.inTransaction) return json;
    const [validFrom, validUntil] = unchangedBetween(data, at);
    this.#drop(accountId);
    // An answer larger than the whole budget is served, not kept.
    if (json.length > this.limits.characters) return json;
    for (;;) {
      const entries = this.#answers.size + 1;
      const characters = this.#characters + json.length;
      if (entries <= this.limits.entries && characters <= this.limits.characters) break;
      const oldest = this.#order.next();
      if (oldest === undefined) break;
      const kept = this.#answers.get(oldest) as KeptAnswer;
      const ws = this.workingSet;
      if (
        !mayEvict(ws, kept.usedAt, entries, this.limits.entries) &&
        !mayEvict(ws, kept.usedAt, characters, this.limits.characters)
      ) {
        break;
      }
      this.#drop(oldest);
    }
    this.#answers.set(accountId, {
      usedAt: this.workingSet?.nowMs() ?? 0,
      used: false,
      profilesVersion,
      connectionsVersion,
      validFrom,
      validUntil,
      json,
    });
    this.#characters += json.length;
    return json;
  }

  #drop(accountId: string): void {
    const kept = this.#answers.get(accountId);
    if (kept === undefined) return;
    this.#characters -= kept.json.length;
    this.#answers.delete(accountId);
  }
}
