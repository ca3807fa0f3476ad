import { isVirtualClock } from '../clock.js';
import type { AccountRecord } from '../db/accounts-repo.js';
import type { Services } from '../services.js';

/** The Clock page of an account on a test clock: its clock, which the page may move. */
export interface MovableClock {
  kind: 'test';
  now(): Date;
  /** Moves forward to `target` after running everything due on the way, as the admin API does. */
  moveTo(target: Date): Promise<void>;
}

/** The Clock page of an account on the server's virtual clock: the time, never a move. */
export interface ServerClockView {
  kind: 'server';
  now(): Date;
}

/**
 * What the Clock page shows this account, or null when there is no page (the server runs the
 * system clock and the account has no test clock). Only an account's own test clock moves here:
 * the server's clock is every tenant's (sessions, tokens, scheduled posts, throttles), so it moves
 * only through the admin API (reference-server.md, Clock).
 */
export function dashboardClock(
  services: Services,
  account: AccountRecord,
): MovableClock | ServerClockView | null {
  const { clocks } = services;
  const clockId = account.clockId;
  if (clockId && clocks.byId(clockId)) {
    return {
      kind: 'test',
      now: () => clocks.forAccount(account.id).now(),
      moveTo: async (target) => {
        await clocks.advance(clockId, target);
      },
    };
  }
  const { clock } = services;
  return isVirtualClock(clock) ? { kind: 'server', now: () => clock.now() } : null;
}
