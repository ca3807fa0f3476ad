import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointStrings } from '../../test/code-point-strings.js';
import { cleanFileName } from './file-name.js';

describe('cleanFileName', () => {
  it.each([
    ['a plain name', 'holiday.mp4', 'holiday.mp4'],
    ['a Unix folder', '/home/ana/videos/holiday.mp4', 'holiday.mp4'],
    ['a Windows folder', 'C:\\Users\\Ana\\Videos\\holiday.mp4', 'holiday.mp4'],
    ['mixed separators', 'a/b\\c.png', 'c.png'],
    ['control characters', 'ho\u0000li\u0007day\n.mp4', 'holiday.mp4'],
    ['a bidirectional override', 'photo\u202Egpj.exe', 'photogpj.exe'],
    ['surrounding spaces', '   holiday.mp4  ', 'holiday.mp4'],
    ['an empty name', '', 'file'],
    ['only a folder', 'videos/', 'file'],
    ['only spaces', '   ', 'file'],
    ['only an extension', '.jpg', 'file.jpg'],
    ['dot-dot', '..', 'file'],
    ['trailing dots on the stem', 'clip...mp4', 'clip.mp4'],
    ['a name with no extension', 'README', 'README'],
    ['a dot followed by words', 'notes. from me', 'notes. from me'],
    ['unicode kept', 'Café 🎉.jpg', 'Café 🎉.jpg'],
  ])('cleans %s', (_label, name, expected) => {
    expect(cleanFileName(name)).toBe(expected);
  });

  it('shortens a long stem and keeps the extension', () => {
    const cleaned = cleanFileName(`${'a'.repeat(200)}.jpeg`);
    expect(cleaned).toBe(`${'a'.repeat(115)}.jpeg`);
    expect(cleaned).toHaveLength(120);
  });

  it('counts code points, so an emoji is never cut in half', () => {
    const cleaned = cleanFileName(`${'🎬'.repeat(130)}.mp4`);
    expect([...cleaned]).toHaveLength(120);
    expect(cleaned.endsWith('🎬.mp4')).toBe(true);
  });

  it('always gives 1 to 120 code points with no control character or folder separator', () => {
    fc.assert(
      fc.property(codePointStrings({ maxLength: 400 }), (name) => {
        const cleaned = cleanFileName(name);
        const length = [...cleaned].length;
        expect(length).toBeGreaterThanOrEqual(1);
        expect(length).toBeLessThanOrEqual(120);
        expect(cleaned).not.toMatch(/[\p{Cc}/\\]/u);
      }),
    );
  });

  it('keeps the extension of any long name', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-ascii', minLength: 121, maxLength: 300 }),
        fc.constantFrom('.jpg', '.mp4', '.webm'),
        (stem, ext) => {
          const safeStem = stem.replace(/[/\\.\s]/g, 'x');
          expect(cleanFileName(safeStem + ext).endsWith(ext)).toBe(true);
        },
      ),
    );
  });

  it('leaves an already clean name unchanged', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,100}\.(jpg|mp4)$/), (name) => {
        expect(cleanFileName(name)).toBe(name);
      }),
    );
  });
});
