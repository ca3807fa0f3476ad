import { describe, expect, it } from 'vitest';
import { formatBytes, GIGABYTE, MEGABYTE } from './byte-units.js';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [320 * 1024, '320 KB'],
    [MEGABYTE, '1.0 MB'],
    [1.5 * MEGABYTE, '1.5 MB'],
    [5 * GIGABYTE, '5.00 GB'],
  ])('writes %i bytes as %s (binary units, as the API document counts)', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
