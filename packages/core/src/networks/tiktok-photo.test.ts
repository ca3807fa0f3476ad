import { describe, expect, it } from 'vitest';
import { MEGABYTE } from '../limits/byte-units.js';
import { canResizeForTiktok, needsTiktokResize, type TiktokPhotoFacts } from './tiktok-photo.js';

describe('tiktok photo handling', () => {
  it.each([
    [1080, 1920, false],
    [1081, 1920, true],
    [1080, 1921, true],
    [800, 600, false],
  ])('a %sx%s photo needs a smaller copy: %s', (width, height, needed) => {
    expect(needsTiktokResize(width, height)).toBe(needed);
  });

  const photo = (overrides: Partial<TiktokPhotoFacts>): TiktokPhotoFacts => ({
    type: 'image/jpeg',
    width: 3000,
    height: 4000,
    bytes: 4 * MEGABYTE,
    progressive: false,
    ...overrides,
  });

  it.each<[string, TiktokPhotoFacts, boolean]>([
    ['a 12 MP baseline JPEG of 4 MiB', photo({}), true],
    ['a WebP', photo({ type: 'image/webp' }), false],
    ['a JPEG over 5 MiB', photo({ bytes: 5 * MEGABYTE + 1 }), false],
    ['a JPEG over 13 MP', photo({ width: 4000, height: 3300 }), false],
    ['a progressive JPEG over 2 MiB', photo({ progressive: true, bytes: 2 * MEGABYTE + 1 }), false],
    ['a progressive JPEG of 12 MP and 2 MiB', photo({ progressive: true, bytes: 2 * MEGABYTE }), true],
    ['a PNG', photo({ type: 'image/png', bytes: 15 * MEGABYTE }), true],
  ])('can resize %s: %s', (_name, facts, possible) => {
    expect(canResizeForTiktok(facts)).toBe(possible);
  });
});
