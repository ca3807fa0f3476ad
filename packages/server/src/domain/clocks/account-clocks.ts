import { randomUUID } from 'node:crypto';
import { type ClockScope, SERVER_CLOCK_SCOPE } from '../../clocks/clock-scope.js';
import { type Clock, ClockBackwardsError, VirtualClock } from '../../clocks/virtual-clock.js';
import type { TestClockRecord } from '../../db/clocks-repo.js';
import type { Repositories } from '../../db/repositories.js';
import type { DueWorkRunner } from '../../due-work.js';

interface TestClock {
  id: string;
  name: string | null;
  createdAt: string;
  clock: VirtualClock;
  dueWork: DueWorkRunner;
}

/** A test clock as the admin API shows it. */
export interface TestClockView {
  clock_id: string;
  name: string | null;
  now: string;
}

/**
 * One clock per account (DESIGN.md, Time): the server's clock, or the test clock the account was
 * created on. `forAccount` is the one way to read an account's time. It costs no query on the
 * request path: the account row is in the accounts row cache (authentication already read it) and
 * the test clocks are all in memory (loaded at start; there are few, and each is written through).
 */
/** What rules need to know of time per account (a fixed clock in unit tests). */
export interface AccountClockLookup {
  forAccount(accountId: string): Clock;
  scopeOf(accountId: string): ClockScope;
}

export class AccountClocks implements AccountClockLookup {
  readonly #clocks = new Map<string, TestClock>();

  constructor(
    private readonly repos: Repositories,
    readonly server: Clock,
    readonly serverDueWork: DueWorkRunner,
  ) {
    for (const record of repos.clocks.list()) this.#load(record);
    repos.caches.add({
      invalidateAccount: () => undefined,
      cacheSizes: () => ({ testClocks: this.#clocks.size }),
    });
  }

  /** The clock everything time-based about this account reads (the server's for an unknown account). */
  forAccount(accountId: string): Clock {
    return this.#testClockOf(accountId)?.clock ?? this.server;
  }

  /** The scope of the account's clock (due work and per-clock housekeeping such as pruning). */
  scopeOf(accountId: string): ClockScope {
    // Every account's clock is one of the kept ones (a clock goes with its accounts): none kept, none to look up.
    if (this.#clocks.size === 0) return SERVER_CLOCK_SCOPE;
    const clockId = this.repos.accounts.get(accountId)?.clockId;
    return clockId ? { clockId } : SERVER_CLOCK_SCOPE;
  }

  /** The due-work queue of the account's clock (work scheduled for it runs when its clock moves). */
  dueWorkFor(accountId: string): DueWorkRunner {
    return this.#testClockOf(accountId)?.dueWork ?? this.serverDueWork;
  }

  /** The clock of a test clock id, or null when there is none (no such clock). */
  byId(clockId: string): Clock | null {
    return this.#clocks.get(clockId)?.clock ?? null;
  }

  view(clockId: string): TestClockView | null {
    const found = this.#clocks.get(clockId);
    return found ? { clock_id: found.id, name: found.name, now: found.clock.now().toISOString() } : null;
  }

  create(input: {
    now: Date;
    name: string | null;
    createdAt: Date;
    startedByAccount?: string;
  }): TestClockView {
    const record: TestClockRecord = {
      id: randomUUID(),
      name: input.name,
      now: input.now.toISOString(),
      createdAt: input.createdAt.toISOString(),
      startedByAccount: input.startedByAccount ?? null,
    };
    this.repos.clocks.insert(record);
    this.#load(record);
    return { clock_id: record.id, name: record.name, now: record.now };
  }

  /**
   * Moves a test clock to `target`, running in due-time order everything due for its accounts on
   * the way; resolves once that work has run. Throws ClockBackwardsError for an earlier target.
   */
  async advance(clockId: string, target: Date): Promise<number> {
    const found = this.#clocks.get(clockId);
    if (!found) throw new Error(`No test clock ${clockId}.`);
    if (target.getTime() < found.clock.now().getTime()) {
      throw new ClockBackwardsError(found.clock.now(), target);
    }
    return found.dueWork.advanceTo(target);
  }

  /**
   * Drops a deleted clock (its accounts are gone), and everything kept in memory for it
   * (caches/per-account-caches.ts), and waits for work it was running.
   */
  async forget(clockId: string): Promise<void> {
    this.repos.caches.invalidateClock(clockId);
    const found = this.#clocks.get(clockId);
    if (!found) return;
    this.#clocks.delete(clockId);
    await found.dueWork.stop();
  }

  /** Waits for the work in progress on every test clock (close). */
  async stop(): Promise<void> {
    await Promise.all([...this.#clocks.values()].map((found) => found.dueWork.stop()));
  }

  #testClockOf(accountId: string): TestClock | undefined {
    // Without test clocks every account is on the server's clock: no account row to look at.
    if (this.#clocks.size === 0) return undefined;
    const clockId = this.repos.accounts.get(accountId)?.clockId;
    return clockId ? this.#clocks.get(clockId) : undefined;
  }

  #load(record: TestClockRecord): void {
    const clock = new VirtualClock(new Date(record.now), (now) =>
      this.repos.clocks.setNow(record.id, now.toISOString()),
    );
    this.#clocks.set(record.id, {
      id: record.id,
      name: record.name,
      createdAt: record.createdAt,
      clock,
      dueWork: this.serverDueWork.forTestClock(clock, record.id),
    });
  }
}
