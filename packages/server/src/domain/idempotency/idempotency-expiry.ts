import type { IdempotencyStore } from '../../db/idempotency-repo.js';
import type { DueWorkSource } from '../../due-work.js';

/**
 * Entries are remembered 24 hours (rule 1); past that they are deleted. A claim also clears its
 * own expired entry, so this purge only keeps the table small and never decides an answer.
 */
export function idempotencyExpirySource(store: IdempotencyStore): DueWorkSource {
  return {
    name: 'idempotency-expiry',
    perClock: true,
    nextDueAt(scope) {
      try {
        const at = store.nextExpiry(scope);
        return at === null ? null : new Date(at);
      } catch {
        // An unreadable table must not stop the other due work; claims answer 503 meanwhile.
        return null;
      }
    },
    runNext(now, scope) {
      store.purgeExpired(now.toISOString(), scope);
    },
  };
}
