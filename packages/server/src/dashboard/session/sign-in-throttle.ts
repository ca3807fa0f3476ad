import type { Clock } from '../../clocks/virtual-clock.js';
import { SlidingWindowLog } from './sliding-window.js';

/**
 * Sign-in throttle. Failures in any 15 minutes (injected clock) lock out only where they came
 * from: 20 from one client address, or 5 for one e-mail from one address. An attempt counts
 * against its address and (address, e-mail) from the moment it is admitted, as if it had failed,
 * until its password was checked: attempts sent at once cannot all pass the check first. An
 * e-mail tried from many addresses is slowed down instead of locked, so guessing cannot lock the
 * real owner out: past 5 failures for it, its attempts are checked one at a time, each after a
 * wait that doubles with every further failure (1 s up to 10 s of real time, since it bounds how
 * fast passwords are tried, not an API rule), and at most 10 may wait at once, except that an
 * address with no failure and nothing waiting is never refused as busy (the owner's own).
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
  /** Admitted attempts not yet checked, per address and per (address, e-mail). */
  readonly #pending = new Map<string, number>();

  constructor(
    clock: Clock,
    private readonly sleep: Sleep = realSleep,
  ) {
    this.#failures = new SlidingWindowLog(clock, SIGN_IN_WINDOW_SECONDS);
  }

  check(email: string, address: string): ThrottleVerdict {
    const addressKey = `address:${address}`;
    const byAddress = this.#failures.recent(addressKey);
    if (byAddress.length + this.#waiting(addressKey) >= SIGN_IN_FAILURES_PER_ADDRESS) {
      return this.#refused(byAddress, 'address');
    }
    const byPair = this.#failures.recent(pairKey(email, address));
    if (byPair.length + this.#waiting(pairKey(email, address)) >= SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS) {
      return this.#refused(byPair, 'pair');
    }
    const queue = this.#queues.get(emailKey(email));
    const clean = byAddress.length === 0 && this.#waiting(addressKey) === 0;
    if (queue && queue.waiting >= MOST_WAITING_PER_EMAIL && !clean) {
      return { allowed: false, retryAt: null, reason: 'busy' };
    }
    return { allowed: true, retryAt: null, reason: null };
  }

  /**
   * `check`, and when allowed the attempt counts against its address and (address, e-mail) at
   * once, until `settle` says how it ended. Call `settle` exactly once for every admitted attempt.
   */
  admit(email: string, address: string): ThrottleVerdict {
    const verdict = this.check(email, address);
    if (verdict.allowed) for (const key of attemptKeys(email, address)) this.#add(key, 1);
    return verdict;
  }

  /** An admitted attempt ended: a wrong password is a failure, a right one a success, `unknown` neither. */
  settle(email: string, address: string, outcome: 'failed' | 'signed_in' | 'unknown'): void {
    for (const key of attemptKeys(email, address)) this.#add(key, -1);
    if (outcome === 'failed') this.recordFailure(email, address);
    else if (outcome === 'signed_in') this.recordSuccess(email, address);
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

  #waiting(key: string): number {
    return this.#pending.get(key) ?? 0;
  }

  #add(key: string, change: number): void {
    const count = this.#waiting(key) + change;
    if (count <= 0) this.#pending.delete(key);
    else this.#pending.set(key, count);
  }

  #refused(failures: number[], reason: 'pair' | 'address'): ThrottleVerdict {
    return { allowed: false, retryAt: this.#failures.freeAt(failures), reason };
  }
}

function emailKey(email: string): string {
  return `email:${email.toLowerCase()}`;
}

function attemptKeys(email: string, address: string): string[] {
  return [`address:${address}`, pairKey(email, address)];
}

function pairKey(email: string, address: string): string {
  return `pair:${address} ${email.toLowerCase()}`;
}
