import { DAY_SECONDS } from './byte-units.js';

/**
 * Calendar helpers for the allowances: the API counts by UTC day ("per profile per UTC day",
 * "wait until 00:00 UTC") and by UTC calendar month (Free: "30 per account per calendar month (UTC)").
 * Pure: a Date in, a new Date out.
 */

export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The next 00:00 UTC strictly after `at` (at midnight itself, the following one). */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

export function startOfUtcMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The first instant of the next UTC calendar month. */
export function nextUtcMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/**
 * A post over a daily allowance is queued "for the same time on the next UTC day"
 * (States and transitions, Scheduled post). UTC has no daylight saving, so this is exactly 24 hours.
 */
export function sameTimeNextUtcDay(at: Date): Date {
  return new Date(at.getTime() + DAY_SECONDS * 1000);
}

/** True when both instants fall on the same UTC calendar day. */
export function isSameUtcDay(a: Date, b: Date): boolean {
  return startOfUtcDay(a).getTime() === startOfUtcDay(b).getTime();
}
