import fc from 'fast-check';

const SURROGATES = { first: 0xd800, count: 0x800 };

/**
 * Strings of any Unicode code points outside the surrogate range: what fast-check's `unit: 'binary'`
 * generates, drawn the same way (an index over the code points), without the reverse table of all
 * 1.1 million code points that unit builds on first use (about 1.5 s of CPU, enough to push a test
 * past its timeout on busy cores).
 */
export function codePointStrings(constraints: { maxLength?: number } = {}): fc.Arbitrary<string> {
  const codePoint = fc
    .nat({ max: 0x10ffff - SURROGATES.count })
    .map((index) => String.fromCodePoint(index < SURROGATES.first ? index : index + SURROGATES.count));
  return fc.string({ unit: codePoint, ...constraints });
}
