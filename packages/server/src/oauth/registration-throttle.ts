import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import type { Clock } from '../clocks/virtual-clock.js';

/** Past this many tracked addresses, those with no registration left in the window are dropped. */
const MAX_TRACKED_ADDRESSES = 10_000;

/**
 * New clients (registrations and first-seen metadata documents) per source address in a sliding
 * window (core's OAUTH_REGISTRATION_LIMITS; `ClientCreationLimits` holds the one instance), on
 * the injected clock so the virtual clock moves it. Counts live in memory: a restart forgets them,
 * which at worst lets one more window's worth through.
 */
export class RegistrationThrottle {
  readonly #registrations = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** Seconds to wait before this address may register again, or 0 when it may now. */
  retryAfterSeconds(address: string): number {
    const now = this.clock.now().getTime();
    const recent = this.#recent(address, now);
    if (recent.length < OAUTH_REGISTRATION_LIMITS.perAddressPerWindow) return 0;
    const oldest = recent[0] ?? now;
    return Math.max(1, Math.ceil((oldest + OAUTH_REGISTRATION_LIMITS.windowSeconds * 1000 - now) / 1000));
  }

  /** Counts a new client that was stored (refused requests store nothing and are not counted). */
  record(address: string): void {
    const now = this.clock.now().getTime();
    if (this.#registrations.size >= MAX_TRACKED_ADDRESSES) this.#prune(now);
    this.#registrations.set(address, [...this.#recent(address, now), now]);
  }

  #recent(address: string, now: number): number[] {
    const since = now - OAUTH_REGISTRATION_LIMITS.windowSeconds * 1000;
    return (this.#registrations.get(address) ?? []).filter((at) => at > since);
  }

  #prune(now: number): void {
    for (const address of [...this.#registrations.keys()]) {
      if (this.#recent(address, now).length === 0) this.#registrations.delete(address);
    }
  }
}
