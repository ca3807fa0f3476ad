import type { Clock } from '../../clocks/virtual-clock.js';
import { SlidingWindowLog } from './sliding-window.js';

/** Accounts one client address may create on the Sign up page in any hour. */
export const SIGN_UPS_PER_ADDRESS = 10;
const SIGN_UP_WINDOW_SECONDS = 3600;

/**
 * Sign-ups per client address (injected clock, in memory): a script cannot fill the server with
 * accounts. A sign-up counts from the moment it is admitted until it ends, so sign-ups sent at
 * once cannot all pass the check while their passwords are hashed.
 */
export class SignUpThrottle {
  readonly #signUps: SlidingWindowLog;
  readonly #pending = new Map<string, number>();

  constructor(clock: Clock) {
    this.#signUps = new SlidingWindowLog(clock, SIGN_UP_WINDOW_SECONDS);
  }

  /** When this address may sign up again, or null when it may now. */
  refusedUntil(address: string): Date | null {
    const recent = this.#signUps.recent(address);
    return recent.length + (this.#pending.get(address) ?? 0) >= SIGN_UPS_PER_ADDRESS
      ? this.#signUps.freeAt(recent)
      : null;
  }

  /** `refusedUntil`, and when null the sign-up counts at once; call `settle` once it ended. */
  admit(address: string): Date | null {
    const refused = this.refusedUntil(address);
    if (refused === null) this.#pending.set(address, (this.#pending.get(address) ?? 0) + 1);
    return refused;
  }

  /** An admitted sign-up ended: only a created account stays counted. */
  settle(address: string, created: boolean): void {
    const left = (this.#pending.get(address) ?? 1) - 1;
    if (left <= 0) this.#pending.delete(address);
    else this.#pending.set(address, left);
    if (created) this.#signUps.record(address);
  }
}
