import { DAY_SECONDS } from '../limits/byte-units.js';
import { LIMITS } from '../limits/limits.js';
import { type CalendarFields, type ReadTime, readWordMonthDate } from './word-month-date.js';

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

// ISO 8601 extended (2026-11-10T14:30:00.250+01:00) and basic (20261110T143000Z) forms; a space
// may replace the T. The zone group is optional in the pattern so a zone-less time is recognised
// and refused as no_time_zone rather than unreadable (scheduledFor rule 3).
const ISO_EXTENDED =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const ISO_BASIC =
  /^(\d{4})(\d{2})(\d{2})[Tt](\d{2})(\d{2})(?:(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?:\d{2})?)?$/;
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

type ReadResult = { ok: true; at: Date } | { ok: false; reason: 'no_time_zone' | 'unreadable' };
const UNREADABLE = { ok: false, reason: 'unreadable' } as const;

function readScheduledFor(value: unknown): ReadResult {
  if (typeof value === 'number') return fromEpoch(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? UNREADABLE : { ok: true, at: value };
  if (typeof value !== 'string') return UNREADABLE;
  const text = value.trim();
  if (text === '') return UNREADABLE;
  if (NUMERIC.test(text)) return fromEpoch(Number(text));
  const iso = readIso(text);
  if (iso) return toDate(iso);
  const words = readWordMonthDate(text);
  if (words) return toDate(words);
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

function readIso(text: string): ReadTime | null {
  const m = ISO_EXTENDED.exec(text) ?? ISO_BASIC.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const fields: CalendarFields = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h ?? 0),
    minute: Number(mi ?? 0),
    second: Number(s ?? 0),
    millisecond: frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0,
  };
  // A date without a time has no zone either: "2026-11-10" is refused as no_time_zone.
  if (h === undefined || zone === undefined) return { fields, offsetMinutes: null };
  return { fields, offsetMinutes: isoOffsetMinutes(zone) };
}

function isoOffsetMinutes(zone: string): number | undefined {
  if (zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (hours > 18 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes);
}

/** Calendar check first (Feb 30 is unreadable whatever its zone), then the zone. */
function toDate(read: ReadTime): ReadResult {
  const { fields, offsetMinutes } = read;
  if (!isValidCalendar(fields)) return UNREADABLE;
  if (offsetMinutes === undefined) return UNREADABLE;
  if (offsetMinutes === null) return { ok: false, reason: 'no_time_zone' };
  const at = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  at.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  at.setUTCHours(fields.hour, fields.minute, fields.second, fields.millisecond);
  const ms = at.getTime() - offsetMinutes * 60_000;
  const shifted = new Date(ms);
  return Number.isNaN(shifted.getTime()) ? UNREADABLE : { ok: true, at: shifted };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isValidCalendar(f: CalendarFields): boolean {
  return (
    f.month >= 1 &&
    f.month <= 12 &&
    f.day >= 1 &&
    f.day <= daysInMonth(f.year, f.month) &&
    f.hour <= 23 &&
    f.minute <= 59 &&
    // A leap second (60) cannot be represented by Date; refused rather than silently moved.
    f.second <= 59
  );
}
