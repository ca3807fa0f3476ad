import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import { LateMetadataDocument } from './client-metadata-document.js';
import type { ClientRecordsDeps } from './client-records-deps.js';
import { OAuthError } from './oauth-error.js';
import { RegistrationThrottle } from './registration-throttle.js';

/**
 * The bounds on storing a new client, whichever way it arrives (RFC 7591 registration, or the
 * first fetch of a Client ID Metadata Document): one throttle per source address for both, and one
 * server-wide cap on clients that never obtained a grant (core's OAUTH_REGISTRATION_LIMITS).
 * `check` runs before anything is fetched or stored; `record` once a new client was stored.
 */
export class ClientCreationLimits {
  readonly #throttle: RegistrationThrottle;
  /** Metadata-document fetches in flight per source address. */
  readonly #fetching = new Map<string, number>();

  constructor(private readonly services: ClientRecordsDeps) {
    this.#throttle = new RegistrationThrottle(services.clock);
  }

  /** Throws `slow_down` (429) or `temporarily_unavailable` (503), with Retry-After, when no new client may be stored. */
  check(address: string): void {
    const waitSeconds = this.#throttle.retryAfterSeconds(address);
    if (waitSeconds > 0) {
      throw new OAuthError(
        'slow_down',
        `Too many new apps from this address (at most ${OAUTH_REGISTRATION_LIMITS.perAddressPerWindow} an hour, registrations and client metadata documents together); register again in ${waitSeconds} seconds, or reuse the client_id you already have.`,
        waitSeconds,
      );
    }
    const { oauthClients } = this.services.repos;
    if (oauthClients.countUnused() >= OAUTH_REGISTRATION_LIMITS.maxUnusedClients) {
      const oldest = Date.parse(oauthClients.oldestUnusedCreatedAt() ?? '');
      const leaves = oldest + OAUTH_REGISTRATION_LIMITS.unusedClientRetentionSeconds * 1000;
      const retryAfter = Math.max(1, Math.ceil((leaves - this.services.clock.now().getTime()) / 1000));
      throw new OAuthError(
        'temporarily_unavailable',
        `This server holds as many apps that never connected as it allows (${OAUTH_REGISTRATION_LIMITS.maxUnusedClients}); no new app can be added until the oldest is removed, in ${retryAfter} seconds. An app that already has a client_id can still connect.`,
        Number.isFinite(retryAfter) ? retryAfter : 60,
      );
    }
  }

  record(address: string): void {
    this.#throttle.record(address);
  }

  /**
   * Runs a metadata-document fetch asked for by `address`: at most a few at once per address (a
   * `slow_down` at once past them), and one that timed out counts as a new client of the address.
   */
  async fetching<T>(address: string, fetch: () => Promise<T>): Promise<T> {
    const atOnce = OAUTH_REGISTRATION_LIMITS.metadataFetchesPerAddressAtOnce;
    const inFlight = this.#fetching.get(address) ?? 0;
    if (inFlight >= atOnce) {
      throw new OAuthError(
        'slow_down',
        `At most ${atOnce} client metadata documents are fetched at once from this address; try again in a few seconds.`,
        5,
      );
    }
    this.#fetching.set(address, inFlight + 1);
    try {
      return await fetch();
    } catch (error) {
      if (error instanceof LateMetadataDocument) this.#throttle.record(address);
      throw error;
    } finally {
      const left = (this.#fetching.get(address) ?? 1) - 1;
      if (left === 0) this.#fetching.delete(address);
      else this.#fetching.set(address, left);
    }
  }
}
