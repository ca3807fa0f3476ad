import { apiError, CLOCK_PAST_LATEST_MESSAGE } from '@socialpub/core';
import { ClockBackwardsError, type ClockMode, LATEST_CLOCK_MS } from '../../clocks/virtual-clock.js';
import type { Repositories } from '../../db/repositories.js';
import type { AccountClocks } from './account-clocks.js';

/**
 * Which clock an account is on, as the dashboard's Clock page sees it (reference-server.md, Clock):
 * the server's (only the admin API moves it), a test clock holding only this account (its own:
 * the account moves it), or a test clock shared with other accounts (only the admin API moves it).
 */
export type AccountClockState =
  | { kind: 'server'; mode: ClockMode; now: Date }
  | { kind: 'own'; clockId: string; now: Date; serverNow: Date; canGoBack: boolean }
  | { kind: 'shared'; clockId: string; now: Date; accounts: number };

export interface OwnClockDeps {
  repos: Repositories;
  clocks: AccountClocks;
}

export function accountClockState(deps: OwnClockDeps, accountId: string): AccountClockState {
  const { clocks, repos } = deps;
  const clockId = repos.accounts.get(accountId)?.clockId ?? null;
  const clock = clockId === null ? null : clocks.byId(clockId);
  if (clockId === null || clock === null) {
    return { kind: 'server', mode: clocks.server.mode, now: clocks.server.now() };
  }
  const accounts = repos.accounts.idsOnClock(clockId).length;
  if (accounts > 1) return { kind: 'shared', clockId, now: clock.now(), accounts };
  const now = clock.now();
  const serverNow = clocks.server.now();
  return { kind: 'own', clockId, now, serverNow, canGoBack: serverNow.getTime() >= now.getTime() };
}

/**
 * Puts an account on the server's clock onto a test clock of its own, starting at the server's
 * present time. Nothing else changes: its waiting posts keep their due times, which from now on
 * come due only as its own clock reaches them.
 */
export function startOwnTestClock(deps: OwnClockDeps, accountId: string): { clockId: string; now: Date } {
  const state = accountClockState(deps, accountId);
  if (state.kind !== 'server') {
    throw apiError('conflict', 'This account is already on a test clock; nothing was changed.', {
      status: 409,
    });
  }
  const now = deps.clocks.server.now();
  const view = deps.clocks.create({
    now,
    name: `own clock of account ${accountId}`,
    createdAt: now,
    startedByAccount: accountId,
  });
  deps.repos.accounts.setClock(accountId, view.clock_id);
  return { clockId: view.clock_id, now };
}

/** The account's own test clock, or the refusal that says which clock it is on and who moves that. */
function ownClock(deps: OwnClockDeps, accountId: string): Extract<AccountClockState, { kind: 'own' }> {
  const state = accountClockState(deps, accountId);
  if (state.kind === 'own') return state;
  throw apiError(
    'forbidden',
    state.kind === 'server'
      ? "This account is on the server's clock, which every account shares: only the admin API moves it. Nothing was moved."
      : `This account's test clock is shared by ${state.accounts} accounts: only the admin API moves it. Nothing was moved.`,
    { status: 403 },
  );
}

/**
 * Moves the account's own test clock forward to `target`, running everything due for it on the way
 * (as POST /admin/v1/clocks/{id} does). Refused for another clock, backwards, or past the latest time.
 */
export async function moveOwnTestClock(deps: OwnClockDeps, accountId: string, target: Date): Promise<void> {
  const own = ownClock(deps, accountId);
  if (target.getTime() < own.now.getTime()) {
    throw apiError('bad_request', `The clock cannot move backwards (now ${own.now.toISOString()}).`, {
      status: 400,
    });
  }
  if (target.getTime() > LATEST_CLOCK_MS)
    throw apiError('bad_request', CLOCK_PAST_LATEST_MESSAGE, { status: 400 });
  await deps.clocks.advance(own.clockId, target);
}

/**
 * Puts the account back on the server's clock and deletes its own test clock, once the server's
 * clock has reached the test clock's time (no account's time moves back). The test clock is first
 * brought to the server's time, so everything due before then runs on it, and a move still running
 * (another tab) finishes first.
 */
export async function returnToServerClock(deps: OwnClockDeps, accountId: string): Promise<void> {
  const own = ownClock(deps, accountId);
  const notYet = (testNow: Date) =>
    apiError(
      'conflict',
      `The server's clock has not reached this account's test clock yet (${testNow.toISOString()}); going back now would move its time backwards. Nothing was changed.`,
      { status: 409 },
    );
  if (!own.canGoBack) throw notYet(own.now);
  try {
    await deps.clocks.advance(own.clockId, deps.clocks.server.now());
  } catch (error) {
    if (error instanceof ClockBackwardsError) throw notYet(error.current);
    throw error;
  }
  // Checked again after the await: another tab may have moved the clock or added an account.
  const after = ownClock(deps, accountId);
  if (after.now.getTime() > deps.clocks.server.now().getTime()) throw notYet(after.now);
  deps.repos.accounts.setClock(accountId, null);
  deps.repos.clocks.delete(after.clockId);
  await deps.clocks.forget(after.clockId);
}
