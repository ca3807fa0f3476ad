/**
 * `new Date(ms).toISOString()` written in JavaScript: V8's builtin is a call into its runtime, dear
 * beside the rest of a publish, which writes its send time out several times (the record, its
 * first figures, their next collection). The same text, character for character; instants outside 1970 to 9999 (never the
 * server's own) are left to the builtin.
 */

const LAST_FAST_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
const DAY_MS = 86_400_000;

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : `${i}`));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => `${i}`.padStart(3, '0'));

/** The instant written last, since a publish writes the same send time more than once. */
let lastMs = Number.NaN;
let lastText = '';

export function isoInstant(ms: number): string {
  if (ms === lastMs) return lastText;
  if (!(ms >= 0 && ms <= LAST_FAST_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar, in 400-year eras).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1_460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  const millis = rest - seconds * 1_000;
  const text =
    `${TWO_DIGITS[Math.floor(year / 100)]}${TWO_DIGITS[year % 100]}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}` +
    `T${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[millis]}Z`;
  lastMs = ms;
  lastText = text;
  return text;
}
