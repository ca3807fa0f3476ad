import { describe, expect, it } from 'vitest';
import { isoInstant } from '../../src/clocks/iso-instant.js';

const builtin = (ms: number) => new Date(ms).toISOString();

describe('isoInstant', () => {
  it('gives the same text when asked for the same instant again, and another for the next', () => {
    const ms = Date.UTC(2026, 10, 28, 8, 30, 15, 123);
    expect(isoInstant(ms)).toBe('2026-11-28T08:30:15.123Z');
    expect(isoInstant(ms)).toBe('2026-11-28T08:30:15.123Z');
    expect(isoInstant(ms + 1)).toBe('2026-11-28T08:30:15.124Z');
    expect(isoInstant(ms)).toBe('2026-11-28T08:30:15.123Z');
  });

  it('answers and throws as the builtin does, whatever was written before', () => {
    isoInstant(0);
    for (const ms of [-1, -62_167_219_200_000, 253_402_300_800_000, 8.64e15, 1.5, 1_000.9]) {
      expect(isoInstant(ms)).toBe(builtin(ms));
    }
    expect(() => isoInstant(Number.NaN)).toThrow(RangeError);
    expect(() => isoInstant(8.64e15 + 1)).toThrow(RangeError);
  });
});
