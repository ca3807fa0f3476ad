import { isVirtualClock } from '../clock.js';
import type { AccountRecord } from '../db/accounts-repo.js';
import type { Services } from '../services.js';

export interface MovableClock {
  now(): Date;
  /** Moves forward to `target` after running everything due on the way (DueWorkRunner.advanceTo). */
  moveTo(target: Date): Promise<void>;
}

/**
 * The clock the Clock page moves for this account, or null when it cannot be moved (system clock).
 * The one place the dashboard reaches the clock: per-account test clocks (issue 14) replace this.
 */
export function dashboardClock(services: Services, _account: AccountRecord): MovableClock | null {
  const { clock, dueWork } = services;
  if (!isVirtualClock(clock)) return null;
  return {
    now: () => clock.now(),
    moveTo: async (target) => {
      await dueWork.advanceTo(target);
    },
  };
}
