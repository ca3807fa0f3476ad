import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointStrings } from '../../test/code-point-strings.js';
import {
  checkTiktokCaption,
  shortenTiktokPhotoDescription,
  shortenTiktokPhotoTitle,
  shortenYoutubeDescription,
  shortenYoutubeTitle,
  utf8ByteLength,
} from './text-limits.js';

const codes = (r: { warnings: { code: string }[] }): string[] => r.warnings.map((w) => w.code);

describe('shortenYoutubeTitle', () => {
  it.each([
    ['a short title', 'My video', 'My video', []],
    ['exactly 100 characters', 'a'.repeat(100), 'a'.repeat(100), []],
    ['101 characters', 'a'.repeat(101), 'a'.repeat(100), ['title_shortened']],
    ['a multi-line title', 'Line one\nline two\r\n  three', 'Line one line two three', ['title_shortened']],
    ['angle brackets', 'a <b> c', 'a b c', ['characters_removed']],
    [
      'brackets, lines and length',
      `<x>\n${'b'.repeat(120)}`,
      `x ${'b'.repeat(98)}`,
      ['characters_removed', 'title_shortened'],
    ],
    ['emoji counted as one character each', '🎬'.repeat(100), '🎬'.repeat(100), []],
  ])('handles %s', (_label, title, value, warnings) => {
    const result = shortenYoutubeTitle(title);
    expect(result.value).toBe(value);
    expect(codes(result)).toEqual(warnings);
  });
});

describe('shortenYoutubeDescription', () => {
  it('keeps 5,000 bytes unchanged', () => {
    const text = 'é'.repeat(2500);
    expect(shortenYoutubeDescription(text)).toEqual({ value: text, warnings: [] });
  });

  it('cuts over 5,000 bytes at a character boundary', () => {
    const result = shortenYoutubeDescription(`a${'é'.repeat(2500)}`);
    expect(codes(result)).toEqual(['description_shortened']);
    expect(result.value).toBe(`a${'é'.repeat(2499)}`);
    expect(utf8ByteLength(result.value)).toBe(4999);
  });

  it('removes < and >', () => {
    expect(codes(shortenYoutubeDescription('a > b'))).toEqual(['characters_removed']);
  });

  it('never exceeds 5,000 bytes nor splits a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 3000 }), (text) => {
        const { value } = shortenYoutubeDescription(text);
        expect(utf8ByteLength(value)).toBeLessThanOrEqual(5000);
        expect(text.replace(/[<>]/g, '').startsWith(value)).toBe(true);
        expect(value).not.toMatch(/[\uD800-\uDBFF]$/);
      }),
    );
  });
});

describe('tiktok photo title and description', () => {
  it.each([
    ['title at 90', shortenTiktokPhotoTitle, 'a'.repeat(90), 90, []],
    ['title at 91', shortenTiktokPhotoTitle, 'a'.repeat(91), 90, ['title_shortened']],
    ['description at 4000', shortenTiktokPhotoDescription, 'a'.repeat(4000), 4000, []],
    ['description at 4001', shortenTiktokPhotoDescription, 'a'.repeat(4001), 4000, ['description_shortened']],
    // TikTok counts UTF-16 code units: 45 emoji of 2 units fill the 90.
    ['title of emoji', shortenTiktokPhotoTitle, '😀'.repeat(95), 90, ['title_shortened']],
    ['title of 45 emoji', shortenTiktokPhotoTitle, '😀'.repeat(45), 90, []],
    ['title of 46 emoji', shortenTiktokPhotoTitle, '😀'.repeat(46), 90, ['title_shortened']],
  ])('handles the %s', (_label, shorten, text, length, warnings) => {
    const result = shorten(text);
    expect(result.value.length).toBe(length);
    expect(codes(result)).toEqual(warnings);
  });

  it('keeps a family emoji whole rather than splitting it', () => {
    const family = '👨‍👩‍👧';
    const result = shortenTiktokPhotoTitle(`${'a'.repeat(85)}${family}`);
    expect(result.value).toBe('a'.repeat(85));
  });
});

describe('checkTiktokCaption', () => {
  it.each([
    [2200, []],
    [2201, ['caption_over_limit']],
  ])('a caption of %i UTF-16 code units warns %j and is kept whole', (length, warnings) => {
    const caption = 'c'.repeat(length);
    const result = checkTiktokCaption(caption);
    expect(result.value).toBe(caption);
    expect(codes(result)).toEqual(warnings);
  });
});

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['🎬', 4],
    ['\uD800', 3],
  ])('%j is %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('agrees with TextEncoder', () => {
    fc.assert(
      fc.property(codePointStrings(), (text) => {
        expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });
});
