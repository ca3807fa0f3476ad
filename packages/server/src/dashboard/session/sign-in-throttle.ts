import type { Clock } from '../../clock.js';

/**
 * Sign-in throttle (decision on the figures): at most 5 failed attempts per e-mail address and
 * 20 per client address in any 15 minutes. Past either, sign-in is refused without checking the
 * password until the oldest failure leaves the window. Successes clear the e-mail's failures.
 * Times come from the injected clock; counts live in memory (a restart forgets them).
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FAILURES_PER_EMAIL = 5;
export const SIGN_IN_FAILURES_PER_ADDRESS = 20;
/** Past this many tracked keys, stale ones are dropped so a flood cannot grow memory without bound. */
const MAX_TRACKED_KEYS = 10_000;

export interface ThrottleVerdict {
  allowed: boolean;
  /** When another attempt will be accepted (only when refused). */
  retryAt: Date | null;
  reason: 'email' | 'address' | null;
}

export class SignInThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  check(email: string, address: string): ThrottleVerdict {
    const now = this.clock.now().getTime();
    const byEmail = this.#recent(`email:${email.toLowerCase()}`, now);
    if (byEmail.length >= SIGN_IN_FAILURES_PER_EMAIL) return this.#refused(byEmail, 'email');
    const byAddress = this.#recent(`address:${address}`, now);
    if (byAddress.length >= SIGN_IN_FAILURES_PER_ADDRESS) return this.#refused(byAddress, 'address');
    return { allowed: true, retryAt: null, reason: null };
  }

  recordFailure(email: string, address: string): void {
    const now = this.clock.now().getTime();
    if (this.#failures.size > MAX_TRACKED_KEYS) this.#prune(now);
    for (const key of [`email:${email.toLowerCase()}`, `address:${address}`]) {
      this.#failures.set(key, [...this.#recent(key, now), now]);
    }
  }

  recordSuccess(email: string): void {
    this.#failures.delete(`email:${email.toLowerCase()}`);
  }

  #recent(key: string, now: number): number[] {
    const since = now - SIGN_IN_WINDOW_SECONDS * 1000;
    return (this.#failures.get(key) ?? []).filter((at) => at > since);
  }

  #refused(failures: number[], reason: 'email' | 'address'): ThrottleVerdict {
    const oldest = failures[0] ?? 0;
    return { allowed: false, retryAt: new Date(oldest + SIGN_IN_WINDOW_SECONDS * 1000), reason };
  }

  #prune(now: number): void {
    for (const key of [...this.#failures.keys()]) {
      if (this.#recent(key, now).length === 0) this.#failures.delete(key);
    }
  }
}
