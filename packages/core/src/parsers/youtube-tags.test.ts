import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitYoutubeTags, youtubeTagsLength } from './youtube-tags.js';

describe('youtubeTagsLength', () => {
  it.each([
    ['no tags', [], 0],
    ['one tag', ['cats'], 4],
    ['two tags and a comma', ['cats', 'dogs'], 9],
    ['a tag with a space counts its quotes', ['funny cats'], 12],
    ['mixed', ['cats', 'funny cats', 'dogs'], 4 + 12 + 4 + 2],
    ['code points, not UTF-16 units', ['🐱'], 1],
    ['an empty tag still takes its comma', ['a', ''], 2],
  ])('counts %s', (_label, tags, expected) => {
    expect(youtubeTagsLength(tags)).toBe(expected);
  });
});

describe('fitYoutubeTags', () => {
  it('fits at exactly 500', () => {
    const tags = ['a'.repeat(249), 'b'.repeat(250)];
    expect(fitYoutubeTags(tags)).toEqual({ length: 500, fits: true, removeTags: [] });
  });

  it('names the tags to remove from the end when over 500', () => {
    const tags = ['a'.repeat(200), 'b'.repeat(200), 'c c'.repeat(40), 'd'.repeat(10)];
    const result = fitYoutubeTags(tags);
    expect(result.fits).toBe(false);
    expect(result.length).toBe(200 + 200 + 122 + 10 + 3);
    expect(result.removeTags).toEqual([tags[2], tags[3]]);
  });

  it('removes every tag when even the first is too long', () => {
    expect(fitYoutubeTags(['x'.repeat(501)]).removeTags).toEqual(['x'.repeat(501)]);
  });

  it('honours another maximum', () => {
    expect(fitYoutubeTags(['abc', 'def'], 5)).toEqual({ length: 7, fits: false, removeTags: ['def'] });
  });

  it('leaves a list that fits after removing exactly removeTags, and no fewer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 60 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 600 }),
        (tags, max) => {
          const { length, fits, removeTags } = fitYoutubeTags(tags, max);
          expect(fits).toBe(length <= max);
          const kept = tags.slice(0, tags.length - removeTags.length);
          expect([...kept, ...removeTags]).toEqual(tags);
          expect(youtubeTagsLength(kept)).toBeLessThanOrEqual(max);
          if (removeTags.length > 0) {
            expect(youtubeTagsLength(tags.slice(0, kept.length + 1))).toBeGreaterThan(max);
          }
        },
      ),
    );
  });
});
