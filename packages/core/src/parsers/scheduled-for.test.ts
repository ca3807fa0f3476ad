import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScheduledFor } from './scheduled-for.js';

const NOW = new Date('2026-11-01T12:00:00.000Z');
const AT = '2026-11-10T14:30:00.000Z';

describe('parseScheduledFor', () => {
  it.each([
    ['ISO with Z', '2026-11-10T14:30:00Z', AT],
    ['ISO with lowercase t and z', '2026-11-10t14:30:00z', AT],
    ['ISO with +hh:mm', '2026-11-10T15:30:00+01:00', AT],
    ['ISO with +hhmm', '2026-11-10T15:30:00+0100', AT],
    ['ISO with +hh', '2026-11-10T15:30:00+01', AT],
    ['ISO with -hh:mm', '2026-11-10T09:30:00-05:00', AT],
    ['ISO with fraction', '2026-11-10T14:30:00.000Z', AT],
    ['ISO with a space instead of T', '2026-11-10 14:30:00Z', AT],
    ['ISO without seconds', '2026-11-10T14:30Z', AT],
    ['ISO basic form', '20261110T143000Z', AT],
    ['Unix seconds as number', Date.parse(AT) / 1000, AT],
    ['Unix milliseconds as number', Date.parse(AT), AT],
    ['Unix seconds as string', String(Date.parse(AT) / 1000), AT],
    ['Unix milliseconds as string', ` ${Date.parse(AT)} `, AT],
    ['e-mail style +0000', 'Tue, 10 Nov 2026 14:30:00 +0000', AT],
    ['e-mail style with a comment', 'Tue, 10 Nov 2026 15:30:00 +0100 (CET)', AT],
    ['e-mail style UT', 'Tue, 10 Nov 2026 14:30:00 UT', AT],
    ['e-mail style EST', 'Tue, 10 Nov 2026 09:30:00 EST', AT],
    ['e-mail style EDT', '10 Nov 2026 10:30:00 EDT', AT],
    ['e-mail style CST', '10 Nov 2026 08:30:00 CST', AT],
    ['e-mail style CDT', '10 Nov 2026 09:30:00 CDT', AT],
    ['e-mail style MST', '10 Nov 2026 07:30:00 MST', AT],
    ['e-mail style MDT', '10 Nov 2026 08:30:00 MDT', AT],
    ['e-mail style PST', '10 Nov 2026 06:30:00 PST', AT],
    ['e-mail style PDT', '10 Nov 2026 07:30:00 PDT', AT],
    ['HTTP style GMT', 'Tue, 10 Nov 2026 14:30:00 GMT', AT],
    ['JS Date.toString style', 'Tue Nov 10 2026 15:30:00 GMT+0100 (Central European Standard Time)', AT],
    ['US style with full month and PM', 'November 10, 2026 2:30 PM UTC', AT],
    ['a Date object', new Date(AT), AT],
  ])('reads %s', (_label, value, expected) => {
    const result = parseScheduledFor(value, NOW);
    expect(result).toEqual({ ok: true, at: new Date(expected), mode: 'scheduled' });
  });

  it.each([
    ['ISO without zone', '2026-11-10T14:30:00'],
    ['ISO without zone in the past', '2020-01-01T00:00:00'],
    ['ISO date only', '2026-11-10'],
    ['word-month without zone', 'Nov 10 2026 14:30'],
    ['e-mail style without zone', 'Tue, 10 Nov 2026 14:30:00'],
    ['JS toDateString', 'Tue Nov 10 2026'],
  ])('refuses %s as no_time_zone', (_label, value) => {
    expect(parseScheduledFor(value, NOW)).toEqual({ ok: false, reason: 'no_time_zone' });
  });

  it.each([
    ['all-numeric day/month/year', '01/10/2026'],
    ['all-numeric year/month/day', '2026/01/10'],
    ['all-numeric with dots', '10.01.2026'],
    ['February 30', '2026-02-30T10:00:00Z'],
    ['February 29 outside a leap year', 'Sun, 29 Feb 2026 10:00:00 GMT'],
    ['hour 24', '2026-11-10T24:00:00Z'],
    ['minute 60', '2026-11-10T14:60:00Z'],
    ['a leap second', '2026-12-31T23:59:60Z'],
    ['month 13', '2026-13-10T14:30:00Z'],
    ['an offset beyond 18 hours', '2026-11-10T14:30:00+19:00'],
    ['an unknown zone word', 'Tue, 10 Nov 2026 14:30:00 CET'],
    ['a military zone letter', 'Tue, 10 Nov 2026 14:30:00 A'],
    ['a zone with no time', '10 Nov 2026 GMT'],
    ['13 PM', 'Nov 10 2026 13:30 PM UTC'],
    ['garbage', 'next tuesday'],
    ['empty string', '   '],
    ['a compact date read as a number', '20261110'],
    ['a number between the seconds and milliseconds ranges', 5e11],
    ['a negative number', -1],
    ['zero', 0],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['null', null],
    ['a boolean', true],
    ['an object', { at: AT }],
    ['an invalid Date', new Date('nope')],
  ])('refuses %s as unreadable', (_label, value) => {
    expect(parseScheduledFor(value, NOW)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it.each([
    ['in the past', -3_600_000, 'now'],
    ['exactly now', 0, 'now'],
    ['60 seconds ahead', 60_000, 'now'],
    ['61 seconds ahead', 61_000, 'scheduled'],
    ['365 days ahead', 365 * 86_400_000, 'scheduled'],
  ] as const)('answers mode %s when %s', (_label, aheadMs, mode) => {
    const value = new Date(NOW.getTime() + aheadMs).toISOString();
    expect(parseScheduledFor(value, NOW)).toEqual({ ok: true, at: new Date(value), mode });
  });

  it('refuses more than 365 days ahead as too_far_ahead', () => {
    const value = new Date(NOW.getTime() + 365 * 86_400_000 + 1000).toISOString();
    expect(parseScheduledFor(value, NOW)).toEqual({ ok: false, reason: 'too_far_ahead' });
  });

  it('reads every ISO string with Z the same as Date.toISOString wrote it', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2001-10-01T00:00:00Z'),
          max: new Date('2999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const result = parseScheduledFor(date.toISOString(), NOW);
          if (result.ok) expect(result.at.getTime()).toBe(date.getTime());
          else expect(result.reason).toBe('too_far_ahead');
        },
      ),
    );
  });

  it('reads seconds and milliseconds of the same instant alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000_000, max: 99_999_999_999 }), (seconds) => {
        const a = parseScheduledFor(seconds, NOW);
        const b = parseScheduledFor(seconds * 1000, NOW);
        expect(a).toEqual(b);
      }),
    );
  });

  it('reads every JS Date.toString and toUTCString to the same instant', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2001-10-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
          for (const text of [whole.toString(), whole.toUTCString()]) {
            const result = parseScheduledFor(text, new Date(whole.getTime() - 86_400_000));
            expect(result).toEqual({ ok: true, at: whole, mode: 'scheduled' });
          }
        },
      ),
    );
  });
});
