import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import type { DueWorkSource } from '../due-work.js';
import type { ClientRecordsDeps } from './client-records-deps.js';

const RETENTION_MS = OAUTH_REGISTRATION_LIMITS.unusedClientRetentionSeconds * 1000;

/** Clients created before this time and never granted are removed (read on the injected clock). */
function retentionCutoff(services: ClientRecordsDeps): string {
  return new Date(services.clock.now().getTime() - RETENTION_MS).toISOString();
}

/**
 * The sweep as due work on the server's clock: due when the oldest unused client reaches the end
 * of its retention, so the table is emptied on time with no registration needed to trigger it,
 * and the virtual clock runs it like any other due work when it moves.
 */
export function unusedClientsSweep(services: ClientRecordsDeps): DueWorkSource {
  return {
    name: 'unused OAuth clients',
    nextDueAt() {
      const oldest = services.repos.oauthClients.oldestUnusedCreatedAt();
      return oldest === null ? null : new Date(Date.parse(oldest) + RETENTION_MS);
    },
    runNext(now) {
      // Up to and including `now`'s due clients: one created exactly a retention ago is due now.
      services.repos.oauthClients.removeUnusedBefore(
        new Date(now.getTime() - RETENTION_MS + 1).toISOString(),
      );
    },
  };
}

/**
 * Removes this one client if it is past the retention period with no grant: checked when the
 * client is used, so an expired registration never works even before the sweep runs.
 */
export function removeIfUnused(services: ClientRecordsDeps, clientId: string): boolean {
  return services.repos.oauthClients.removeUnusedBefore(retentionCutoff(services), clientId) > 0;
}
