import { describe, expect, it } from 'vitest';
import { isPlatform, PLATFORMS } from './platforms.js';

describe('platforms', () => {
  it('lists the nine networks of the API document', () => {
    expect(PLATFORMS).toHaveLength(9);
  });
  it.each([
    ['tiktok', true],
    ['TikTok', false],
    ['mastodon', false],
    [3, false],
  ])('isPlatform(%s) is %s', (value, expected) => {
    expect(isPlatform(value)).toBe(expected);
  });
});
