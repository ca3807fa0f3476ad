import { DAY_SECONDS } from './byte-units.js';

/**
 * Calendar helpers for the allowances: the API counts by UTC day ("per profile per UTC day",
 * "wait until 00:00 UTC") and by UTC calendar month (Free: "30 per account per calendar month (UTC)").
 * Pure: a Date in, a new Date out.
 */

const DAY_MS = DAY_SECONDS * 1000;

/**
 * 00:00 UTC of the instant's day, in milliseconds: UTC has no daylight saving and JavaScript time
 * no leap seconds, so every UTC day is exactly `DAY_MS` long and starts at a multiple of it. Every
 * POST /posts check asks, so it is arithmetic rather than a walk through the calendar's fields.
 */
function utcDayStartMs(ms: number): number {
  return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
}

export function startOfUtcDay(at: Date): Date {
  return new Date(utcDayStartMs(at.getTime()));
}

/** The next 00:00 UTC strictly after `at` (at midnight itself, the following one). */
export function nextUtcMidnight(at: Date): Date {
  return new Date(utcDayStartMs(at.getTime()) + DAY_MS);
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
