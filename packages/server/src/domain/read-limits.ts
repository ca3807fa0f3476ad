import { type ApiError, apiError, LIMITS } from '@socialpub/core';
import type { AccountClockLookup } from '../clocks/account-clocks.js';
import type { Repositories } from '../db/repositories.js';

/**
 * Limits, Reads: 60 reads per UTC minute per account (all keys together) for GET accounts,
 * options, posts and posts/{id}; the options read also counts against 10 per minute on top.
 * A refused read is not counted. GET /media/files is not in that list, so it is not limited here.
 */
export type ReadKind = 'accounts' | 'options' | 'posts' | 'post';

// Every read asks for the minute: the text is built once per minute, not per read.
let lastMinute = Number.NaN;
let lastMinuteText = '';

function utcMinute(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastMinuteText = at.toISOString().slice(0, 16);
    lastMinute = minute;
  }
  return lastMinuteText;
}

function secondsToNextMinute(at: Date): number {
  const ms = 60_000 - (at.getTime() % 60_000);
  return Math.max(1, Math.ceil(ms / 1000));
}

function refusal(limit: number, now: Date): ApiError {
  const wait = secondsToNextMinute(now);
  return apiError(
    'rate_limited',
    `Too many reads: at most ${limit} per minute. Try again in ${wait} seconds.`,
    { retryAfterSeconds: wait, extra: { retry_after_seconds: wait, limit } },
  );
}

export interface ReadUsage {
  minute: string;
  reads: number;
  reads_limit: number;
  options_reads: number;
  options_limit: number;
}

export class ReadLimiter {
  /** Last minute pruned per clock: each clock's accounts are pruned by their own clock's minute. */
  readonly #lastPruned = new Map<string | null, string>();

  constructor(
    private readonly repos: Repositories,
    private readonly clocks: AccountClockLookup,
  ) {
    // A deleted test clock's minute goes with it (caches/per-account-caches.ts).
    repos.caches.add({
      invalidateAccount: () => undefined,
      invalidateClock: (clockId) => this.#lastPruned.delete(clockId),
      cacheSizes: () => ({ 'readLimits.clocks': this.#lastPruned.size }),
    });
  }

  /**
   * Counts one read, or throws 429 `rate_limited` (with `limit` 60 or 10) without counting it.
   * `now`: the account's clock as the request's key check read it, when there was one.
   */
  take(accountId: string, kind: ReadKind, now: Date = this.clocks.forAccount(accountId).now()): void {
    const refusedBy = this.#count(accountId, kind, now);
    if (refusedBy !== null) throw refusal(refusedBy, now);
  }

  /**
   * Counts one read and answers true, or answers false and counts nothing when `take` would refuse
   * it or would prune older minutes first (a write that may fail): the caller then leaves the read
   * to `take`. Counting here writes nothing to the database.
   */
  tryTake(accountId: string, kind: ReadKind, now: Date): boolean {
    const minute = utcMinute(now);
    if (this.#pruneDue(accountId, minute)) return false;
    return this.#count(accountId, kind, now) === null;
  }

  /** Counts one read, or returns the limit that refuses it (uncounted). */
  #count(accountId: string, kind: ReadKind, now: Date): number | null {
    const minute = utcMinute(now);
    const counters = this.repos.readCounters;
    const counts = counters.current(accountId, minute);
    if (counts.reads >= LIMITS.reads.perUtcMinute) return LIMITS.reads.perUtcMinute;
    if (kind === 'options') {
      if (counts.options >= LIMITS.reads.optionsPerMinute) return LIMITS.reads.optionsPerMinute;
      counts.options += 1;
    }
    counts.reads += 1;
    counters.counted(counts);
    this.#prune(accountId, minute);
    return null;
  }

  #pruneDue(accountId: string, minute: string): boolean {
    return this.#lastPruned.get(this.clocks.scopeOf(accountId).clockId) !== minute;
  }

  #prune(accountId: string, minute: string): void {
    const scope = this.clocks.scopeOf(accountId);
    if (this.#lastPruned.get(scope.clockId) !== minute) {
      this.repos.readCounters.pruneBefore(
        minute,
        scope,
        (id) => this.clocks.scopeOf(id).clockId === scope.clockId,
      );
      this.#lastPruned.set(scope.clockId, minute);
    }
  }

  usage(accountId: string): ReadUsage {
    const minute = utcMinute(this.clocks.forAccount(accountId).now());
    const counts = this.repos.readCounters.current(accountId, minute);
    return {
      minute,
      reads: counts.reads,
      reads_limit: LIMITS.reads.perUtcMinute,
      options_reads: counts.options,
      options_limit: LIMITS.reads.optionsPerMinute,
    };
  }
}
