import { describe, expect, it } from 'vitest';
import { cryptoRandom } from './crypto-random.js';

describe('cryptoRandom', () => {
  it('gives numbers in [0, 1) that differ, across refills of its pool', () => {
    // More draws than one pool holds (6 KiB, 6 bytes a number), so the pool is refilled on the way.
    const draws = Array.from({ length: 5_000 }, () => cryptoRandom());
    for (const value of draws) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect(new Set(draws).size).toBe(draws.length);
    // Spread over the whole range, not stuck in a corner of it.
    const mean = draws.reduce((sum, value) => sum + value, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});
