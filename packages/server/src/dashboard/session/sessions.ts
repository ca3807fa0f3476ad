import { LATEST_STORED_MS } from '../../clocks/virtual-clock.js';
import type { AccountRecord } from '../../db/accounts-repo.js';
import type { DashboardSessionRecord } from '../../db/dashboard-sessions-repo.js';
import type { Repositories } from '../../db/repositories.js';
import type { AccountClockLookup } from '../../domain/clocks/account-clocks.js';
import { digestsEqual, randomToken, sha256Hex } from '../../domain/secrets.js';
import type { SignedIn } from './dashboard-env.js';

/**
 * Session lifetimes (decision; the issue leaves the figures open): a session ends after 24 hours
 * without a request, and 7 days after sign-in whatever the activity. Both read the injected clock,
 * so the virtual clock expires sessions like everything else.
 */
export const SESSION_IDLE_SECONDS = 24 * 60 * 60;
export const SESSION_MAX_SECONDS = 7 * 24 * 60 * 60;
/** `last_seen` is written at most once a minute per session, not on every page. */
const TOUCH_EVERY_MS = 60_000;

export interface StartedSession {
  /** The id for the cookie; only its hash is stored. */
  id: string;
  record: DashboardSessionRecord;
}

function expiry(created: Date, now: Date): Date {
  const idle = now.getTime() + SESSION_IDLE_SECONDS * 1000;
  const max = created.getTime() + SESSION_MAX_SECONDS * 1000;
  return new Date(Math.min(idle, max, LATEST_STORED_MS));
}

export function startSession(
  repos: Repositories,
  clocks: AccountClockLookup,
  accountId: string,
): StartedSession {
  const now = clocks.forAccount(accountId).now();
  repos.dashboardSessions.deleteExpired(now.toISOString());
  const id = randomToken(32);
  const record: DashboardSessionRecord = {
    idHash: sha256Hex(id),
    accountId,
    csrfSecret: randomToken(32),
    createdAt: now.toISOString(),
    expiresAt: expiry(now, now).toISOString(),
    lastSeen: now.toISOString(),
  };
  repos.dashboardSessions.insert(record);
  return { id, record };
}

/** The live session of a cookie id, or null when unknown, expired (then deleted) or its account is gone. */
export function resumeSession(repos: Repositories, clocks: AccountClockLookup, id: string): SignedIn | null {
  const idHash = sha256Hex(id);
  const session = repos.dashboardSessions.get(idHash);
  if (!session || !digestsEqual(session.idHash, idHash)) return null;
  // Sessions live on the account's clock (a test clock moves them, not the server's).
  const now = clocks.forAccount(session.accountId).now();
  if (new Date(session.expiresAt).getTime() <= now.getTime()) {
    repos.dashboardSessions.delete(idHash);
    return null;
  }
  const account: AccountRecord | null = repos.accounts.get(session.accountId);
  if (!account || account.deletingSince !== null) return null;
  if (now.getTime() - new Date(session.lastSeen).getTime() >= TOUCH_EVERY_MS) {
    const expiresAt = expiry(new Date(session.createdAt), now).toISOString();
    repos.dashboardSessions.touch(idHash, now.toISOString(), expiresAt);
    return { account, session: { ...session, lastSeen: now.toISOString(), expiresAt } };
  }
  return { account, session };
}

export function endSession(repos: Repositories, id: string): void {
  repos.dashboardSessions.delete(sha256Hex(id));
}

/**
 * Restarts the idle window at the clock's current time (still capped at 7 days after sign-in).
 * The Clock page calls it after moving the virtual clock, so moving a day ahead does not sign out
 * the person who pressed the button.
 */
export function refreshSession(
  repos: Repositories,
  clocks: AccountClockLookup,
  session: DashboardSessionRecord,
): void {
  const now = clocks.forAccount(session.accountId).now();
  repos.dashboardSessions.touch(
    session.idHash,
    now.toISOString(),
    expiry(new Date(session.createdAt), now).toISOString(),
  );
}
