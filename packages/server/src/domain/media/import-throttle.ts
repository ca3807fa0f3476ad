import { apiError, LIMITS } from '@socialpub/core';
import type { Repositories } from '../../db/repositories.js';

/**
 * "one media import every 20 seconds" per account (Limits, Request throttle). The wait is reserved
 * when an import starts, so two requests at the same moment cannot both pass, and given back when
 * the import is refused with nothing imported (decision: only imports start the wait). Status
 * requests and replayed idempotent answers never reach here.
 */
export class ImportThrottle {
  constructor(private readonly repos: Repositories) {}

  /** Reserves the account's next import slot or throws 429 `rate_limited`; returns the undo. */
  reserve(accountId: string, now: Date): () => void {
    const store = this.repos.mediaImports;
    const previous = store.lastImportAt(accountId);
    const spacingMs = LIMITS.throttle.importSpacingSeconds * 1000;
    if (previous !== null) {
      const waitMs = Date.parse(previous) + spacingMs - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw apiError(
          'rate_limited',
          `One media import every ${LIMITS.throttle.importSpacingSeconds} seconds: try again in ${seconds} seconds.`,
          { status: 429, retryAfterSeconds: seconds },
        );
      }
    }
    store.setLastImportAt(accountId, now.toISOString());
    return () => store.setLastImportAt(accountId, previous);
  }
}
