import type { Plan } from '../plans.js';
import { allowanceFor, FREE_TRANSITION, POST_ALLOWANCE } from './allowance.js';
import { isSameUtcDay, nextUtcMonth } from './utc-time.js';

export interface AllowanceQuestion {
  plan: Plan;
  at: Date;
  accountCreatedAt: Date;
  /** Successful posts of this profile in the current UTC day. */
  usedToday: number;
  /** Successful posts of the whole account since the start of the current UTC calendar month. */
  usedThisMonth: number;
}

export type AllowanceDecision =
  | { verdict: 'ok' }
  | { verdict: 'queue_next_day'; limit: number; used: number }
  | { verdict: 'monthly_limit_reached'; limit: number; used: number; resetsAt: Date; window: 'month' };

/**
 * The allowance rule of Limits, Post allowance, so the server only counts and asks. Over a daily
 * allowance a post is queued for the next UTC day (202 queued_for_next_day); over a monthly one it is
 * refused (429 monthly_limit_reached, nothing queued). `used` may exceed `limit` (posts published from
 * 1 October 2026 count toward October's 30 even when they were allowed under the older rule).
 */
export function decideAllowance(question: AllowanceQuestion): AllowanceDecision {
  const { plan, at, accountCreatedAt, usedToday, usedThisMonth } = question;
  const allowance = allowanceFor(plan, at, accountCreatedAt);
  switch (allowance.kind) {
    case 'none':
      return { verdict: 'ok' };
    case 'monthly':
      if (usedThisMonth < allowance.limit) return { verdict: 'ok' };
      return {
        verdict: 'monthly_limit_reached',
        limit: allowance.limit,
        used: usedThisMonth,
        resetsAt: allowance.resetsAt,
        window: 'month',
      };
    case 'daily_per_profile':
      if (usedToday < allowance.limit) return { verdict: 'ok' };
      if (plan === 'free' && refusesInsteadOfQueueing(at, usedThisMonth)) {
        // Queuing to 18 October would land in a month already at 30; the document refuses at once.
        return {
          verdict: 'monthly_limit_reached',
          limit: POST_ALLOWANCE.freeMonthly,
          used: usedThisMonth,
          resetsAt: nextUtcMonth(at),
          window: 'month',
        };
      }
      return { verdict: 'queue_next_day', limit: allowance.limit, used: usedToday };
  }
}

/** "On 17 October 2026 a request over an older Free account's 5 for the day, whose October already has 30". */
function refusesInsteadOfQueueing(at: Date, usedThisMonth: number): boolean {
  return isSameUtcDay(at, FREE_TRANSITION.lastDailyDay) && usedThisMonth >= POST_ALLOWANCE.freeMonthly;
}
