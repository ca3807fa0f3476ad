import { describe, expect, it } from 'vitest';
import {
  dayKey,
  formatInZone,
  formatUtc,
  isTimeZone,
  localInputValue,
  parseLocalInput,
  startOfDay,
} from '../../src/dashboard/time-zone.js';

const at = (iso: string) => new Date(iso);

describe('times in the person’s zone', () => {
  it('writes an instant in the zone with its offset, and in UTC for the hover', () => {
    expect(formatInZone(at('2026-12-08T08:00:00Z'), 'Asia/Tokyo')).toBe('2026-12-08 17:00 GMT+9');
    expect(formatInZone(at('2026-12-08T08:00:00Z'), 'UTC')).toBe('2026-12-08 08:00 UTC');
    expect(formatInZone(at('2026-07-01T12:00:00Z'), 'America/St_Johns')).toBe('2026-07-01 09:30 GMT-2:30');
    expect(formatUtc(at('2026-12-08T08:00:00Z'))).toBe('2026-12-08 08:00 UTC');
    expect(dayKey(at('2026-12-08T20:00:00Z'), 'Asia/Tokyo')).toBe('2026-12-09');
    expect(localInputValue(at('2026-12-08T08:00:00Z'), 'Asia/Tokyo')).toBe('2026-12-08T17:00');
  });

  it('reads a typed date and time in the zone, through both summer-time changes', () => {
    expect(parseLocalInput('2026-12-08T17:00', 'Asia/Tokyo')?.toISOString()).toBe('2026-12-08T08:00:00.000Z');
    // Paris springs forward at 02:00 on 29 March 2026: 01:59 is winter time, 03:00 summer time.
    expect(parseLocalInput('2026-03-29T01:59', 'Europe/Paris')?.toISOString()).toBe(
      '2026-03-29T00:59:00.000Z',
    );
    expect(parseLocalInput('2026-03-29T03:00', 'Europe/Paris')?.toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // 02:30 does not exist that night: read as the same span after the change (03:30 summer time).
    expect(parseLocalInput('2026-03-29T02:30', 'Europe/Paris')?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // 02:30 happens twice on 25 October 2026: the first (summer-time) reading wins.
    expect(parseLocalInput('2026-10-25T02:30', 'Europe/Paris')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(startOfDay('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('refuses what is not a date, time or zone', () => {
    for (const bad of [
      '',
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-01-01T24:00',
      '2026-01-01 10:00',
      'soon',
    ]) {
      expect(parseLocalInput(bad, 'UTC')).toBeNull();
    }
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['', 'Mars/Olympus', 'Asia/Tokyo; path=/', '../etc', 'x'.repeat(65), null, undefined]) {
      expect(isTimeZone(bad)).toBe(false);
    }
  });
});
