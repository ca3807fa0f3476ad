/** Calendar and clock fields as written, before the zone is applied. */
export interface CalendarFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/**
 * `offsetMinutes`: minutes east of UTC; `null` when no zone was written (no_time_zone);
 * `undefined` when a zone was written that cannot be read (unreadable).
 */
export interface ReadTime {
  fields: CalendarFields;
  offsetMinutes: number | null | undefined;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const WEEKDAY =
  '(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)';
const TIME = '(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,3}))?)?(?:\\s*([ap])\\.?m\\.?)?';
// Numeric offsets (+0000, +01:00, GMT+0100, UTC+1) or a word; unknown words are refused later.
const ZONE = '((?:gmt|utc|ut)?\\s*[+-]\\d{1,2}(?::?\\d{2})?|[a-z]{1,5})';
const COMMENT = '(?:\\s*\\([^)]*\\))?';

// E-mail (RFC 2822) and HTTP styles: "Tue, 10 Nov 2026 14:30:00 +0000", "... GMT".
const DAY_FIRST = new RegExp(
  `^(?:${WEEKDAY}\\s*,?\\s+)?(\\d{1,2})[\\s-]+${MONTH}\\.?[\\s-]+(\\d{4})(?:,?\\s+${TIME})?(?:\\s*${ZONE})?${COMMENT}$`,
  'i',
);
// JS Date.toString() and US styles: "Tue Nov 10 2026 14:30:00 GMT+0100 (Central European Standard Time)".
const MONTH_FIRST = new RegExp(
  `^(?:${WEEKDAY}\\s*,?\\s+)?${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?:,?\\s+(?:at\\s+)?${TIME})?(?:\\s*${ZONE})?${COMMENT}$`,
  'i',
);

// RFC 2822 section 4.3 names; military single letters are refused (their sign was historically
// reversed, so they are ambiguous).
const NAMED_ZONES: Readonly<Record<string, number>> = {
  z: 0,
  ut: 0,
  utc: 0,
  gmt: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
};

/** Reads a word-month date; null when the text is not one (the caller answers unreadable). */
export function readWordMonthDate(text: string): ReadTime | null {
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const [, day, month, year, ...rest] = dayFirst;
    return build(year, month, day, rest);
  }
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst) {
    const [, month, day, year, ...rest] = monthFirst;
    return build(year, month, day, rest);
  }
  return null;
}

function build(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  [hour, minute, second, fraction, meridiem, zone]: (string | undefined)[],
): ReadTime | null {
  const monthIndex = MONTHS.indexOf((month ?? '').slice(0, 3).toLowerCase());
  if (monthIndex < 0) return null;
  const clockHour = readHour(hour, meridiem);
  const fields: CalendarFields = {
    year: Number(year),
    month: monthIndex + 1,
    day: Number(day),
    hour: clockHour ?? 99,
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
    millisecond: fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0,
  };
  if (hour === undefined) {
    // A date without a time: with no zone it is refused as no_time_zone; a zone with no time
    // ("10 Nov 2026 GMT") is not a form the API names, so it is unreadable.
    return { fields: { ...fields, hour: 0 }, offsetMinutes: zone === undefined ? null : undefined };
  }
  if (zone === undefined) return { fields, offsetMinutes: null };
  return { fields, offsetMinutes: zoneOffsetMinutes(zone) };
}

function readHour(hour: string | undefined, meridiem: string | undefined): number | undefined {
  if (hour === undefined) return undefined;
  const h = Number(hour);
  if (meridiem === undefined) return h;
  if (h < 1 || h > 12) return undefined;
  const pm = meridiem.toLowerCase() === 'p';
  return (h % 12) + (pm ? 12 : 0);
}

function zoneOffsetMinutes(zone: string): number | undefined {
  const lower = zone.toLowerCase().replace(/\s+/g, '');
  const named = NAMED_ZONES[lower];
  if (named !== undefined) return named;
  const m = /^(?:gmt|utc|ut)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(lower);
  if (!m) return undefined;
  const [, sign, hours, minutes] = m;
  // "+0100" is hours and minutes; a bare 1- or 2-digit number ("GMT+1") is hours only.
  const h = Number(hours);
  const mi = Number(minutes ?? 0);
  if (h > 18 || mi > 59) return undefined;
  return (sign === '-' ? -1 : 1) * (h * 60 + mi);
}
