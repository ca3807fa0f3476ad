import type { Clock } from '../../clock.js';
import { SlidingWindowLog } from './sliding-window.js';

/**
 * Sign-in throttle. Failures in any 15 minutes (injected clock) lock out only where they came
 * from: 20 from one client address, or 5 for one e-mail from one address. An e-mail tried from
 * many addresses is slowed down instead of locked, so guessing cannot lock the real owner out:
 * past 5 failures for it, its attempts are checked one at a time, each after a wait that doubles
 * with every further failure (1 s up to 10 s of real time, since it bounds how fast passwords are
 * tried, not an API rule), and at most 10 may wait at once.
 */
const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FAILURES_PER_ADDRESS = 20;
export const SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS = 5;
/** Failures of one e-mail from anywhere after which its attempts are slowed down. */
export const SIGN_IN_FAILURES_BEFORE_SLOWING = 5;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 10_000;
const MOST_WAITING_PER_EMAIL = 10;

export interface ThrottleVerdict {
  allowed: boolean;
  /** When another attempt will be accepted (only when refused). */
  retryAt: Date | null;
  reason: 'pair' | 'address' | 'busy' | null;
}

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class SignInThrottle {
  readonly #failures: SlidingWindowLog;
  /** Per e-mail: the attempt checked last (the next waits for it) and how many wait. */
  readonly #queues = new Map<string, { tail: Promise<void>; waiting: number }>();

  constructor(
    clock: Clock,
    private readonly sleep: Sleep = realSleep,
  ) {
    this.#failures = new SlidingWindowLog(clock, SIGN_IN_WINDOW_SECONDS);
  }

  check(email: string, address: string): ThrottleVerdict {
    const byAddress = this.#failures.recent(`address:${address}`);
    if (byAddress.length >= SIGN_IN_FAILURES_PER_ADDRESS) return this.#refused(byAddress, 'address');
    const byPair = this.#failures.recent(pairKey(email, address));
    if (byPair.length >= SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS) return this.#refused(byPair, 'pair');
    const queue = this.#queues.get(emailKey(email));
    if (queue && queue.waiting >= MOST_WAITING_PER_EMAIL) {
      return { allowed: false, retryAt: null, reason: 'busy' };
    }
    return { allowed: true, retryAt: null, reason: null };
  }

  /** The wait before this e-mail's next attempt is checked (0 until it failed often from anywhere). */
  waitMs(email: string): number {
    const failures = this.#failures.recent(emailKey(email)).length;
    if (failures < SIGN_IN_FAILURES_BEFORE_SLOWING) return 0;
    return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - SIGN_IN_FAILURES_BEFORE_SLOWING));
  }

  /**
   * Runs `attempt` (the password check) for `email`: at once while the e-mail is not slowed down,
   * otherwise after the attempts already waiting for it and a wait of its own.
   */
  async paced<T>(email: string, attempt: () => Promise<T>): Promise<T> {
    const wait = this.waitMs(email);
    const key = emailKey(email);
    if (wait === 0 && !this.#queues.has(key)) return attempt();
    const queue = this.#queues.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
    this.#queues.set(key, queue);
    queue.waiting++;
    const turn = queue.tail.then(() => this.sleep(this.waitMs(email) || wait));
    const done = turn.then(attempt);
    queue.tail = done.then(
      () => undefined,
      () => undefined,
    );
    try {
      return await done;
    } finally {
      queue.waiting--;
      if (queue.waiting === 0) this.#queues.delete(key);
    }
  }

  recordFailure(email: string, address: string): void {
    for (const key of [`address:${address}`, pairKey(email, address), emailKey(email)])
      this.#failures.record(key);
  }

  /** The owner signed in: their own address's failures for the e-mail no longer count. */
  recordSuccess(email: string, address: string): void {
    this.#failures.forget(pairKey(email, address));
  }

  #refused(failures: number[], reason: 'pair' | 'address'): ThrottleVerdict {
    return { allowed: false, retryAt: this.#failures.freeAt(failures), reason };
  }
}

function emailKey(email: string): string {
  return `email:${email.toLowerCase()}`;
}

function pairKey(email: string, address: string): string {
  return `pair:${address} ${email.toLowerCase()}`;
}
