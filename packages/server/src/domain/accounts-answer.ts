import type { Profile } from '@socialpub/core';
import type { Database } from '../db/database.js';
import type { Repositories } from '../db/repositories.js';
import { listProfiles } from './profiles.js';

/** Enough for every account of a busy local server; the oldest entry goes first beyond it. */
const CAPACITY = 10_000;

interface KeptAnswer {
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
export class AccountsAnswerCache {
  readonly #answers = new Map<string, KeptAnswer>();

  constructor(
    private readonly repos: Repositories,
    private readonly db: Database,
  ) {}

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
      return kept.json;
    }
    const data = listProfiles(this.repos, accountId, now);
    const json = JSON.stringify({ data });
    // A transaction may still roll back what was read inside it (row-cache.ts).
    if (this.db.inTransaction) return json;
    const [validFrom, validUntil] = unchangedBetween(data, at);
    this.#answers.delete(accountId);
    if (this.#answers.size >= CAPACITY) {
      const oldest = this.#answers.keys().next().value;
      if (oldest !== undefined) this.#answers.delete(oldest);
    }
    this.#answers.set(accountId, { profilesVersion, connectionsVersion, validFrom, validUntil, json });
    return json;
  }
}
