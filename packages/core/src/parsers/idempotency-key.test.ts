import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeIdempotencyKey } from './idempotency-key.js';

describe('normalizeIdempotencyKey', () => {
  it.each([
    ['a plain key', 'abc', 'abc'],
    ['spaces around it', '  abc  ', 'abc'],
    ['tabs around it', '\tabc\t', 'abc'],
    ['one pair of quotes', '"abc"', 'abc'],
    ['spaces and quotes', '  "abc"  ', 'abc'],
    ['two pairs of quotes (only one removed)', '""abc""', '"abc"'],
    ['spaces inside the quotes (kept)', '" a b "', ' a b '],
    ['punctuation and inner spaces', 'order 42: {retry}#1', 'order 42: {retry}#1'],
    ['a lone quote', '"abc', '"abc'],
    ['255 characters', 'k'.repeat(255), 'k'.repeat(255)],
    ['255 characters inside quotes', `"${'k'.repeat(255)}"`, 'k'.repeat(255)],
  ])('accepts %s', (_label, raw, key) => {
    expect(normalizeIdempotencyKey(raw)).toEqual({ ok: true, key });
  });

  it.each([
    ['an empty value', ''],
    ['only spaces', '   '],
    ['empty quotes', '""'],
    ['quoted spaces', '"   "'],
    ['256 characters', 'k'.repeat(256)],
    ['non-ASCII', 'clé'],
    ['an emoji', 'key-🙂'],
    ['a control character', 'a\u0001b'],
    ['a tab inside', 'a\tb'],
    ['a line break', 'a\nb'],
    ['DEL', 'a\u007fb'],
  ])('refuses %s', (_label, raw) => {
    expect(normalizeIdempotencyKey(raw)).toEqual({ ok: false });
  });

  it.each([undefined, null])('tells an absent header (%s) from an invalid one', (raw) => {
    expect(normalizeIdempotencyKey(raw)).toEqual({ ok: true, key: null });
  });

  it('is idempotent on every key it accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 300 }), (raw) => {
        const first = normalizeIdempotencyKey(raw);
        if (first.ok && first.key !== null && !/^[ "]|[ "]$/.test(first.key)) {
          expect(normalizeIdempotencyKey(first.key)).toEqual(first);
        }
      }),
    );
  });

  it('accepts every printable ASCII key of 1 to 255 characters with no edge space or quote', () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
    });
    fc.assert(
      fc.property(
        printable.filter((s) => s.length >= 1 && s.length <= 255 && !s.startsWith('"')),
        (key) => {
          expect(normalizeIdempotencyKey(key)).toEqual({ ok: true, key });
        },
      ),
    );
  });
});
