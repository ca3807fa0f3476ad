import type { Plan } from '../plans.js';
import { LIMITS } from './limits.js';
import { nextUtcMidnight, nextUtcMonth, startOfUtcDay, startOfUtcMonth } from './utc-time.js';

/**
 * Limits, Post allowance: successful posts, all networks combined. Free is per account per UTC
 * calendar month; Beginner and Apprentice are per profile per UTC day; Skilled and above have none.
 */
export const POST_ALLOWANCE = {
  freeMonthly: 30,
  beginnerDailyPerProfile: 20,
  apprenticeDailyPerProfile: 50,
  /** Free transition: accounts created since 18 September 2026, until 18 October 2026. */
  freeNewAccountMonthlyBeforeTransition: 60,
  /** Free transition: older accounts, until 18 October 2026, per profile per UTC day. */
  freeOlderAccountDailyPerProfileBeforeTransition: 5,
} as const;

/** Limits, Post allowance, "Free transition dates" (all instants are 00:00 UTC). */
export const FREE_TRANSITION = {
  /** Every Free account has 30 per calendar month from this instant. */
  monthlyForAllFrom: new Date('2026-10-18T00:00:00.000Z'),
  /** Accounts created at or after this instant are "new" (60 per month until the transition). */
  newAccountsCreatedFrom: new Date('2026-09-18T00:00:00.000Z'),
  /** Posts published from this instant count toward October's 30. */
  octoberCountsFrom: new Date('2026-10-01T00:00:00.000Z'),
  /** The day on which an older account's request over its 5, with October at 30, is refused. */
  lastDailyDay: new Date('2026-10-17T00:00:00.000Z'),
} as const;

export type Allowance =
  | { kind: 'monthly'; limit: number; windowStart: Date; resetsAt: Date }
  | { kind: 'daily_per_profile'; limit: number; windowStart: Date; resetsAt: Date }
  | { kind: 'none' };

export function allowanceFor(plan: Plan, at: Date, accountCreatedAt: Date): Allowance {
  switch (plan) {
    case 'beginner':
      return daily(POST_ALLOWANCE.beginnerDailyPerProfile, at);
    case 'apprentice':
      return daily(POST_ALLOWANCE.apprenticeDailyPerProfile, at);
    case 'skilled':
    case 'expert':
    case 'agency':
      return { kind: 'none' };
    case 'free':
      return freeAllowance(at, accountCreatedAt);
  }
}

function freeAllowance(at: Date, accountCreatedAt: Date): Allowance {
  if (at.getTime() >= FREE_TRANSITION.monthlyForAllFrom.getTime()) {
    return monthly(POST_ALLOWANCE.freeMonthly, at);
  }
  if (accountCreatedAt.getTime() >= FREE_TRANSITION.newAccountsCreatedFrom.getTime()) {
    return monthly(POST_ALLOWANCE.freeNewAccountMonthlyBeforeTransition, at);
  }
  return daily(POST_ALLOWANCE.freeOlderAccountDailyPerProfileBeforeTransition, at);
}

function daily(limit: number, at: Date): Allowance {
  return { kind: 'daily_per_profile', limit, windowStart: startOfUtcDay(at), resetsAt: nextUtcMidnight(at) };
}

function monthly(limit: number, at: Date): Allowance {
  return { kind: 'monthly', limit, windowStart: startOfUtcMonth(at), resetsAt: nextUtcMonth(at) };
}

/**
 * Limits, Publish attempts: three times the daily allowance plus 20, 80 on Free (whatever its
 * transition allowance), 500 on plans without an allowance.
 */
export function publishAttemptCeiling(plan: Plan, at: Date, accountCreatedAt: Date): number {
  const rules = LIMITS.publishAttempts;
  if (plan === 'free') return rules.free;
  const allowance = allowanceFor(plan, at, accountCreatedAt);
  if (allowance.kind === 'none') return rules.withoutAllowance;
  return allowance.limit * rules.perDailyAllowanceMultiplier + rules.extraOverDailyAllowance;
}
