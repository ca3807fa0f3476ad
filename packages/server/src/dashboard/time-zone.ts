/**
 * Times as the person lives them: an IANA zone (the account's setting, else the browser's) and
 * the conversions the pages need, all through the platform's Intl (its time-zone database), so no
 * offset table is kept here. Instants stay UTC everywhere else; only what is shown or typed is zoned.
 */

/** Zones are short ASCII names such as `Europe/Paris` or `Etc/GMT+5`; anything else is refused first. */
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it). */
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      timeZoneName: 'shortOffset',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** True for a zone this runtime knows (`UTC`, `Asia/Tokyo`, ...). */
export function isTimeZone(name: string | undefined | null): name is string {
  if (!name || !ZONE_SHAPE.test(name)) return false;
  try {
    partsFormatter(name);
    return true;
  } catch {
    return false;
  }
}

/** Every zone the runtime knows, for the setting's list (UTC first). */
export function knownTimeZones(): string[] {
  const all = Intl.supportedValuesOf('timeZone');
  return ['UTC', ...all.filter((zone) => zone !== 'UTC')];
}

/** The wall-clock reading of an instant in a zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Monday ... 6 Sunday. */
  weekday: number;
  /** `GMT+9`, `GMT-3:30`, or `UTC` for zero. */
  offset: string;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function wallTime(instant: Date, zone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(zone).formatToParts(instant)) parts[part.type] = part.value;
  const offset = parts['timeZoneName'] ?? 'GMT';
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
    weekday: WEEKDAYS.indexOf(parts['weekday'] ?? 'Mon'),
    offset: /^GMT([+-]0)?$/.test(offset) ? 'UTC' : offset,
  };
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** `YYYY-MM-DD` of the instant's day in the zone. */
export function dayKey(instant: Date, zone: string): string {
  const w = wallTime(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** `YYYY-MM-DDTHH:MM`, the value a `datetime-local` field shows for the instant in the zone. */
export function localInputValue(instant: Date, zone: string): string {
  const w = wallTime(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** `2026-12-08 17:00 GMT+9` (or `... UTC`): how every page writes an instant. */
export function formatInZone(instant: Date, zone: string): string {
  const w = wallTime(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)} ${w.offset}`;
}

/** `2026-12-08 08:00 UTC`: the same instant in UTC (the hover title beside every zoned time). */
export function formatUtc(instant: Date): string {
  return `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(instant: Date, zone: string): number {
  const w = wallTime(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time in the zone names. A time skipped by a move to summer time reads
 * as the same span after the skip (02:30 on a spring-forward night is 03:30); a time that happens
 * twice reads as its first (earlier) instant, as the browsers' own datetime fields do.
 */
export function instantOfWallTime(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  zone: string,
): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = offsetMinutes(new Date(naive - 86_400_000), zone);
  const after = offsetMinutes(new Date(naive + 86_400_000), zone);
  // The earlier offset first: of two readings of a repeated hour, the earlier instant wins.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = new Date(naive - offset * 60_000);
    if (offsetMinutes(candidate, zone) === offset) return candidate;
  }
  // Skipped: the wall time does not exist; read it with the offset in force before the skip.
  return new Date(naive - before * 60_000);
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

/** Reads a `datetime-local` value as a wall time in the zone; null when it is not one. */
export function parseLocalInput(value: string, zone: string): Date | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return instantOfWallTime({ year, month, day, hour, minute }, zone);
}

/** The instant a day (`YYYY-MM-DD`) starts in the zone. */
export function startOfDay(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantOfWallTime({ year, month, day: date, hour: 0, minute: 0 }, zone);
}

/** The day after `YYYY-MM-DD` (calendar arithmetic, no zone involved). */
export function nextDay(day: string, by = 1): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + by)).toISOString().slice(0, 10);
}
