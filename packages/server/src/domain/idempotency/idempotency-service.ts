import { randomUUID } from 'node:crypto';
import { type ApiError, apiError, LIMITS } from '@socialpub/core';
import type { Clock } from '../../clocks/virtual-clock.js';
import type { IdempotencyScope, IdempotencyStore, StoredAnswer } from '../../db/idempotency-repo.js';
import type { IdempotencyOutcome } from './idempotency-outcome.js';

export interface IdempotentRequest {
  apiKeyId: string;
  /** The key's account: its clock decides the 24 hours and 10 minutes (test clocks). */
  accountId?: string;
  scope: IdempotencyScope;
  /** Already normalised by core's `normalizeIdempotencyKey`. */
  idempotencyKey: string;
  /** `requestFingerprint(body)`. */
  bodySha256: string;
}

/** `proceed`: this request holds the claim and is sent; `replay`: answer with the first answer. */
export type IdempotencyDecision =
  | { kind: 'proceed'; claimToken: string }
  | { kind: 'replay'; answer: StoredAnswer };

const RETRY_AFTER_SECONDS = LIMITS.idempotency.retryAfterSeconds;

function unavailable(): ApiError {
  return apiError(
    'idempotency_unavailable',
    `The Idempotency-Key could not be checked; nothing was sent. Wait ${RETRY_AFTER_SECONDS} seconds and send the same request with the same key.`,
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}

/**
 * The rules of Endpoints, Idempotency, over storage and the injected clock; knows no HTTP. The
 * route layer calls `begin` before the handler (nothing is sent unless it says `proceed`) and
 * `finish` with the handler's answer.
 */
export class IdempotencyService {
  constructor(
    private readonly store: IdempotencyStore,
    clock: Clock | ((accountId: string | undefined) => Clock),
    private readonly newClaimToken: () => string = randomUUID,
  ) {
    this.#clockOf = typeof clock === 'function' ? clock : () => clock;
  }

  readonly #clockOf: (accountId: string | undefined) => Clock;

  /** Throws the documented refusal (422 reused, 409 in progress or outcome unknown, 503 unavailable). */
  begin(request: IdempotentRequest): IdempotencyDecision {
    const now = this.#clockOf(request.accountId).now();
    const claimToken = this.newClaimToken();
    let result: ReturnType<IdempotencyStore['claim']>;
    try {
      result = this.store.claim(
        {
          ...request,
          claimToken,
          firstUsedAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + LIMITS.idempotency.rememberedSeconds * 1000).toISOString(),
        },
        now.toISOString(),
      );
    } catch {
      // Rule 6: a key that cannot be checked must not be sent unchecked.
      throw unavailable();
    }
    if (result.claimed) return { kind: 'proceed', claimToken };
    const existing = result.existing;
    if (existing.bodySha256 !== request.bodySha256) {
      throw apiError(
        'idempotency_key_reused',
        `This Idempotency-Key was first used at ${existing.firstUsedAt} with a different body; nothing was sent. Use a new key for a different request.`,
        { extra: { first_used_at: existing.firstUsedAt } },
      );
    }
    if (existing.state === 'done' && existing.answer) return { kind: 'replay', answer: existing.answer };
    const runningMs = now.getTime() - Date.parse(existing.firstUsedAt);
    // A claim nothing holds any more (its process is gone) will never finish: unknown at once.
    if (existing.orphaned || runningMs > LIMITS.idempotency.inProgressSeconds * 1000) {
      throw apiError(
        'idempotency_outcome_unknown',
        `The first request with this Idempotency-Key (${existing.firstUsedAt}) never finished; its outcome is unknown. For a post, check GET /posts and send with a new key only if it is absent; for an import, send again with a new key.`,
      );
    }
    throw apiError(
      'idempotency_in_progress',
      `The first request with this Idempotency-Key is still running. Wait ${RETRY_AFTER_SECONDS} seconds and send it again.`,
      { retryAfterSeconds: RETRY_AFTER_SECONDS },
    );
  }

  /**
   * Keeps the first answer for 24 hours, or forgets the claim so the fixed request may reuse the
   * key (rules 7 and 8). A storage failure here leaves the claim in progress with nothing holding
   * it: the work was done but its answer is not known to the store, which is "outcome unknown".
   */
  finish(claimToken: string, outcome: IdempotencyOutcome, answer: StoredAnswer, accountId?: string): boolean {
    try {
      if (outcome === 'remember')
        return this.store.complete(claimToken, answer, this.#clockOf(accountId).now().toISOString());
      return this.store.release(claimToken);
    } catch (error) {
      console.error('[socialpub] idempotency: could not store the outcome of a request:', error);
      return false;
    }
  }

  /** The handler threw past the error handler (a cut connection): nothing is known to keep. */
  abandon(claimToken: string): void {
    try {
      this.store.release(claimToken);
    } catch {
      // Left in progress with nothing holding it: it reads as outcome unknown, the honest answer.
    }
  }
}
