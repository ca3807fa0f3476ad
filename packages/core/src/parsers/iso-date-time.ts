import type { CalendarFields, ReadTime } from './word-month-date.js';

export type InstantRead = { ok: true; at: Date } | { ok: false; reason: 'no_time_zone' | 'unreadable' };
const UNREADABLE = { ok: false, reason: 'unreadable' } as const;

/**
 * The instants a time the API stores or compares may name: UTC years 0000 to 9999. Only there is
 * an instant's ISO text four digits of year, so that text order is time order (a later instant
 * is written "+275760-..." and would sort before every other).
 */
export const EARLIEST_INSTANT_MS = -62_167_219_200_000;
export const LATEST_INSTANT_MS = 253_402_300_799_999;

export type ZonedDateTimeRead =
  | { ok: true; at: Date }
  | { ok: false; reason: 'no_time_zone' | 'unreadable' | 'out_of_range' };

/**
 * Reads a date-time a query sends (`since`): ISO 8601 with a zone, a real calendar date, and an
 * instant within UTC years 0000 to 9999 (`out_of_range` otherwise, a zone included:
 * 9999-12-31T23:59:59-05:00 is in year 10000).
 */
export function parseZonedDateTime(text: string): ZonedDateTimeRead {
  const read = readIsoText(text.trim());
  if (read === null) return UNREADABLE;
  const instant = instantOf(read);
  if (!instant.ok) return instant;
  const ms = instant.at.getTime();
  return ms < EARLIEST_INSTANT_MS || ms > LATEST_INSTANT_MS ? { ok: false, reason: 'out_of_range' } : instant;
}

// ISO 8601 extended (2026-11-10T14:30:00.250+01:00) and basic (20261110T143000Z) forms; a space
// may replace the T. The zone group is optional in the pattern so a zone-less time is recognised
// and refused as no_time_zone rather than unreadable (scheduledFor rule 3).
const ISO_EXTENDED =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const ISO_BASIC =
  /^(\d{4})(\d{2})(\d{2})[Tt](\d{2})(\d{2})(?:(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?:\d{2})?)?$/;

/** ISO 8601 text read into its fields; null when it is not ISO 8601. */
export function readIsoText(text: string): ReadTime | null {
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
export function instantOf(read: ReadTime): InstantRead {
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
