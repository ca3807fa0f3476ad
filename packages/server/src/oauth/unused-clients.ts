import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import type { Services } from '../services.js';

/** Clients created before this time and never granted are removed (read on the injected clock). */
function retentionCutoff(services: Services): string {
  const retentionMs = OAUTH_REGISTRATION_LIMITS.unusedClientRetentionSeconds * 1000;
  return new Date(services.clock.now().getTime() - retentionMs).toISOString();
}

/**
 * Removes every client past the retention period that never obtained a grant. Run on each
 * registration, so the table holds at most a day of unused registrations, which the per-address
 * throttle bounds; no timer, so the virtual clock decides like the system one.
 */
export function removeUnusedClients(services: Services): number {
  return services.repos.oauthClients.removeUnusedBefore(retentionCutoff(services));
}

/**
 * Removes this one client if it is past the retention period with no grant: checked when the
 * client is used, so an expired registration never works even before the next sweep runs.
 */
export function removeIfUnused(services: Services, clientId: string): boolean {
  return services.repos.oauthClients.removeUnusedBefore(retentionCutoff(services), clientId) > 0;
}
