import { DAY_SECONDS } from '../limits/byte-units.js';
import { LIMITS } from '../limits/limits.js';
import { type InstantRead, instantOf, readIsoText } from './iso-date-time.js';
import { readWordMonthDate } from './word-month-date.js';

/** "More than 60 seconds ahead: scheduled" (POST /posts, scheduledFor rule 1). */
export const SCHEDULE_NOW_WINDOW_SECONDS: number = LIMITS.scheduling.minSecondsAhead;
/** "up to 365 days ahead" (scheduledFor rule 1; Limits, Scheduling). */
export const SCHEDULE_MAX_AHEAD_DAYS: number = LIMITS.scheduling.maxDaysAhead;

export type ScheduledForReason = 'no_time_zone' | 'unreadable' | 'too_far_ahead';
export type ScheduledForMode = 'now' | 'scheduled';
export type ScheduledForResult =
  | { ok: true; at: Date; mode: ScheduledForMode }
  | { ok: false; reason: ScheduledForReason };

/*
 * Unix timestamps: a value from 1e9 up to (not including) 1e11 is read as seconds
 * (2001-09-09 to year 5138); a value of 1e12 or more is read as milliseconds (from 2001-09-09).
 * Values below 1e9 and between 1e11 and 1e12 are refused as unreadable: no real post time lies
 * there, and refusing them keeps compact dates such as "20261110" from being read as 1970.
 */
const SECONDS_FROM = 1e9;
const SECONDS_BELOW = 1e11;
const MILLISECONDS_FROM = 1e12;

const NUMERIC = /^\d+(?:\.\d+)?$/;

/**
 * Reads `post.scheduledFor` (POST /posts, scheduledFor rules 1 to 3). Accepts ISO 8601 with a zone,
 * Unix seconds or milliseconds (numbers or numeric strings), and word-month dates with a zone in
 * e-mail, HTTP and JS `Date.toString()` styles. Never uses `Date.parse`, whose leniency accepts
 * zone-less and all-numeric dates the API refuses.
 */
export function parseScheduledFor(value: unknown, now: Date): ScheduledForResult {
  const read = readScheduledFor(value);
  if (!read.ok) return read;
  const aheadMs = read.at.getTime() - now.getTime();
  if (aheadMs > SCHEDULE_MAX_AHEAD_DAYS * DAY_SECONDS * 1000) return { ok: false, reason: 'too_far_ahead' };
  return { ok: true, at: read.at, mode: aheadMs > SCHEDULE_NOW_WINDOW_SECONDS * 1000 ? 'scheduled' : 'now' };
}

type ReadResult = InstantRead;
const UNREADABLE = { ok: false, reason: 'unreadable' } as const;

function readScheduledFor(value: unknown): ReadResult {
  if (typeof value === 'number') return fromEpoch(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? UNREADABLE : { ok: true, at: value };
  if (typeof value !== 'string') return UNREADABLE;
  const text = value.trim();
  if (text === '') return UNREADABLE;
  if (NUMERIC.test(text)) return fromEpoch(Number(text));
  const iso = readIsoText(text);
  if (iso) return instantOf(iso);
  const words = readWordMonthDate(text);
  if (words) return instantOf(words);
  return UNREADABLE;
}

function fromEpoch(value: number): ReadResult {
  if (!Number.isFinite(value)) return UNREADABLE;
  let ms: number;
  if (value >= SECONDS_FROM && value < SECONDS_BELOW) ms = value * 1000;
  else if (value >= MILLISECONDS_FROM) ms = value;
  else return UNREADABLE;
  const at = new Date(Math.round(ms));
  return Number.isNaN(at.getTime()) ? UNREADABLE : { ok: true, at };
}
