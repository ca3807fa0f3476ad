import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it.each([
    ['keys sorted', { b: 1, a: 2 }, '{"a":2,"b":1}'],
    [
      'nested keys sorted',
      { post: { platform: 'x', accountId: '@a' } },
      '{"post":{"accountId":"@a","platform":"x"}}',
    ],
    ['arrays keep their order', { ids: ['b', 'a'] }, '{"ids":["b","a"]}'],
    ['objects inside arrays sorted', [{ z: 1, y: 2 }], '[{"y":2,"z":1}]'],
    ['undefined properties left out', { a: undefined, b: 1 }, '{"b":1}'],
    ['undefined in arrays as null', [undefined, 1], '[null,1]'],
    ['non-finite numbers as null', { n: Number.NaN }, '{"n":null}'],
    ['dates through toJSON', { at: new Date('2026-11-10T14:30:00Z') }, '{"at":"2026-11-10T14:30:00.000Z"}'],
    ['strings escaped', { 'a"b': 'line\nbreak' }, '{"a\\"b":"line\\nbreak"}'],
    ['a scalar', 'text', '"text"'],
    ['null', null, 'null'],
  ])('writes %s', (_label, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('throws on a cycle', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
  });

  it.each([2_000, 100_000])('writes a value nested %i levels deep without overflowing the stack', (depth) => {
    const text = `${'{"b":['.repeat(depth)}1${']}'.repeat(depth)}`;
    expect(canonicalJson(JSON.parse(text))).toBe(text);
  });

  it('writes a deep value the same as JSON.stringify of its sorted form', () => {
    let nested: unknown = 'leaf';
    for (let i = 0; i < 500; i++) nested = { z: i, a: [nested] };
    let sorted: unknown = 'leaf';
    for (let i = 0; i < 500; i++) sorted = { a: [sorted], z: i };
    expect(canonicalJson(nested)).toBe(JSON.stringify(sorted));
  });

  it('gives the same string for any order of the same keys', () => {
    const entries = fc.uniqueArray(fc.tuple(fc.string(), fc.jsonValue()), {
      selector: ([k]) => k,
      maxLength: 8,
    });
    fc.assert(
      fc.property(entries, fc.func(fc.integer()), (pairs, rank) => {
        const shuffled = [...pairs].sort(([a], [b]) => rank(a) - rank(b));
        expect(canonicalJson(Object.fromEntries(shuffled))).toBe(canonicalJson(Object.fromEntries(pairs)));
      }),
    );
  });

  it('round-trips through JSON.parse to the value JSON itself keeps', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('is a fixed point: writing the parsed output again gives the same string', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const once = canonicalJson(value);
        expect(canonicalJson(JSON.parse(once))).toBe(once);
      }),
    );
  });
});
