import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isSameUtcDay,
  nextUtcMidnight,
  nextUtcMonth,
  sameTimeNextUtcDay,
  startOfUtcDay,
  startOfUtcMonth,
} from './utc-time.js';

const d = (iso: string) => new Date(iso);
const DAY_MS = 86_400_000;
const instants = fc.date({
  min: d('1971-01-01T00:00:00Z'),
  max: d('2200-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('UTC calendar helpers', () => {
  it.each([
    ['2026-10-17T23:59:59.999Z', '2026-10-17T00:00:00.000Z', '2026-10-18T00:00:00.000Z'],
    ['2026-10-18T00:00:00.000Z', '2026-10-18T00:00:00.000Z', '2026-10-19T00:00:00.000Z'],
    ['2028-02-28T12:00:00.000Z', '2028-02-28T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-12-31T23:00:00-02:00', '2027-01-01T00:00:00.000Z', '2027-01-02T00:00:00.000Z'],
  ])('puts %s in the UTC day starting %s and ending %s', (at, start, next) => {
    expect(startOfUtcDay(d(at)).toISOString()).toBe(start);
    expect(nextUtcMidnight(d(at)).toISOString()).toBe(next);
  });

  it.each([
    ['2026-10-17T12:00:00Z', '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['2026-11-01T00:00:00Z', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
  ])('puts %s in the UTC month starting %s and ending %s', (at, start, next) => {
    expect(startOfUtcMonth(d(at)).toISOString()).toBe(start);
    expect(nextUtcMonth(d(at)).toISOString()).toBe(next);
  });

  it('finds the day the calendar’s fields name, before 1970 and after it alike', () => {
    const anyInstant = fc.date({
      min: d('1600-01-01T00:00:00Z'),
      max: d('2400-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(anyInstant, (at) => {
        const fields = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
        return (
          startOfUtcDay(at).getTime() === fields &&
          nextUtcMidnight(at).getTime() ===
            Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1)
        );
      }),
    );
    expect(startOfUtcDay(d('1969-12-31T23:59:59.999Z')).toISOString()).toBe('1969-12-31T00:00:00.000Z');
    expect(Number.isNaN(startOfUtcDay(new Date(Number.NaN)).getTime())).toBe(true);
  });

  it('finds the next midnight after the instant and within 24 hours', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const next = nextUtcMidnight(at).getTime();
        return next > at.getTime() && next - at.getTime() <= DAY_MS && next % DAY_MS === 0;
      }),
    );
  });

  it('starts the day at or before the instant, less than 24 hours earlier, on the same UTC day', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const start = startOfUtcDay(at);
        return start <= at && at.getTime() - start.getTime() < DAY_MS && isSameUtcDay(start, at);
      }),
    );
  });

  it('puts the month start on day 1 at or before the instant and the next month after it', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const start = startOfUtcMonth(at);
        const next = nextUtcMonth(at);
        return start.getUTCDate() === 1 && start <= at && next > at && next.getUTCDate() === 1;
      }),
    );
  });

  it('queues for the same time of day on the next UTC day', () => {
    fc.assert(
      fc.property(instants, (at) => {
        const later = sameTimeNextUtcDay(at);
        return later.getUTCHours() === at.getUTCHours() && isSameUtcDay(later, nextUtcMidnight(at));
      }),
    );
  });

  it.each([
    ['2026-10-17T00:00:00Z', '2026-10-17T23:59:59Z', true],
    ['2026-10-17T23:59:59Z', '2026-10-18T00:00:00Z', false],
  ])('treats %s and %s as the same UTC day: %s', (a, b, same) => {
    expect(isSameUtcDay(d(a), d(b))).toBe(same);
  });
});
