import type { Clock } from '../../clock.js';
import { SlidingWindowLog } from './sliding-window.js';

/** Accounts one client address may create on the Sign up page in any hour. */
export const SIGN_UPS_PER_ADDRESS = 10;
const SIGN_UP_WINDOW_SECONDS = 3600;

/** Sign-ups per client address (injected clock, in memory): a script cannot fill the server with accounts. */
export class SignUpThrottle {
  readonly #signUps: SlidingWindowLog;

  constructor(clock: Clock) {
    this.#signUps = new SlidingWindowLog(clock, SIGN_UP_WINDOW_SECONDS);
  }

  /** When this address may sign up again, or null when it may now. */
  refusedUntil(address: string): Date | null {
    const recent = this.#signUps.recent(address);
    return recent.length >= SIGN_UPS_PER_ADDRESS ? this.#signUps.freeAt(recent) : null;
  }

  record(address: string): void {
    this.#signUps.record(address);
  }
}
