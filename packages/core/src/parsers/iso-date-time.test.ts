import { describe, expect, it } from 'vitest';
import { ZonedDateTimeSchema } from '../schemas/common.js';
import { EARLIEST_INSTANT_MS, LATEST_INSTANT_MS, parseZonedDateTime } from './iso-date-time.js';

describe('parseZonedDateTime', () => {
  it.each([
    ['0000-01-01T00:00:00Z', EARLIEST_INSTANT_MS],
    ['9999-12-31T23:59:59.999Z', LATEST_INSTANT_MS],
    ['2026-05-01T11:00:00+02:00', Date.UTC(2026, 4, 1, 9)],
  ])('reads %s', (text, ms) => {
    expect(parseZonedDateTime(text)).toEqual({ ok: true, at: new Date(ms) });
  });

  it.each([
    ['+275760-09-13T00:00:00Z', 'unreadable'],
    ['-000001-01-01T00:00:00Z', 'unreadable'],
    ['9999-12-31T23:59:59-05:00', 'out_of_range'],
    ['0000-01-01T00:00:00+00:01', 'out_of_range'],
    ['2026-05-01T09:00:00', 'no_time_zone'],
    ['2026-02-30T09:00:00Z', 'unreadable'],
    ['yesterday', 'unreadable'],
  ])('refuses %s as %s', (text, reason) => {
    expect(parseZonedDateTime(text)).toEqual({ ok: false, reason });
  });

  it('is the rule of the schema requests are checked with', () => {
    expect(ZonedDateTimeSchema.safeParse('9999-12-31T23:59:59Z').success).toBe(true);
    const refused = ZonedDateTimeSchema.safeParse('9999-12-31T23:59:59-05:00');
    expect(refused.error?.issues[0]?.message).toContain('0000 to 9999');
  });
});
