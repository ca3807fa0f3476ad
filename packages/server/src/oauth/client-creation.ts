import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
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
}
