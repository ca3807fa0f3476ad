import { describe, expect, it } from 'vitest';
import { isoInstant } from '../../src/clocks/iso-instant.js';

const builtin = (ms: number) => new Date(ms).toISOString();

describe('isoInstant', () => {
  it('writes what toISOString writes, for instants from 1970 to 9999', () => {
    const edges = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999), // a 400-year leap day
      Date.UTC(2100, 1, 28, 12), // 2100 is no leap year
      Date.UTC(2100, 2, 1),
      Date.UTC(2024, 11, 31, 23, 59, 59, 999),
      Date.UTC(2025, 0, 1),
      Date.UTC(2026, 2, 2, 10),
      253_402_300_799_999,
    ];
    for (const ms of edges) expect(isoInstant(ms)).toBe(builtin(ms));
    // Every day of four centuries, at a varying time of day.
    for (let day = 0; day < 146_097; day += 1) {
      const ms = Date.UTC(1999, 0, 1) + day * 86_400_000 + ((day * 7_919_117) % 86_400_000);
      expect(isoInstant(ms)).toBe(builtin(ms));
    }
    let seed = 12_345;
    for (let i = 0; i < 20_000; i += 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      const ms = Math.floor((seed / 2_147_483_648) * 253_402_300_800_000);
      expect(isoInstant(ms)).toBe(builtin(ms));
    }
  });

  it('gives the same text when asked for the same instant again, and another for the next', () => {
    const ms = Date.UTC(2026, 10, 28, 8, 30, 15, 123);
    expect(isoInstant(ms)).toBe('2026-11-28T08:30:15.123Z');
    expect(isoInstant(ms)).toBe('2026-11-28T08:30:15.123Z');
    expect(isoInstant(ms + 1)).toBe('2026-11-28T08:30:15.124Z');
    expect(isoInstant(ms)).toBe('2026-11-28T08:30:15.123Z');
  });

  it('leaves other instants to the builtin, its answers and its errors alike', () => {
    for (const ms of [-1, -62_167_219_200_000, 253_402_300_800_000, 8.64e15, 1.5, 1_000.9]) {
      expect(isoInstant(ms)).toBe(builtin(ms));
    }
    expect(() => isoInstant(Number.NaN)).toThrow(RangeError);
    expect(() => isoInstant(8.64e15 + 1)).toThrow(RangeError);
  });
});
