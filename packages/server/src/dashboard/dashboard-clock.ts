import { isVirtualClock } from '../clock.js';
import type { AccountRecord } from '../db/accounts-repo.js';
import type { Services } from '../services.js';

export interface MovableClock {
  now(): Date;
  /** Moves forward to `target` after running everything due on the way, as the admin API does. */
  moveTo(target: Date): Promise<void>;
}

/**
 * The clock the Clock page shows and moves for this account, or null when it cannot be moved (the
 * system clock). The one place the dashboard moves time: an account on a test clock moves its test
 * clock (only its accounts' work runs); otherwise the server's virtual clock (POST /admin/v1/clock).
 */
export function dashboardClock(services: Services, account: AccountRecord): MovableClock | null {
  const { clocks } = services;
  const clockId = account.clockId;
  if (clockId && clocks.byId(clockId)) {
    return {
      now: () => clocks.forAccount(account.id).now(),
      moveTo: async (target) => {
        await clocks.advance(clockId, target);
      },
    };
  }
  const { clock, dueWork } = services;
  if (!isVirtualClock(clock)) return null;
  return {
    now: () => clock.now(),
    moveTo: async (target) => {
      await dueWork.advanceTo(target);
    },
  };
}

/** The time of everything about this account (its test clock, or the server's). */
export function accountNow(services: Services, account: AccountRecord): Date {
  return services.clocks.forAccount(account.id).now();
}
