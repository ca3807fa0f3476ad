import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits/limits.js';
import { jsonNestingDepth, readJsonText } from './json-text.js';

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('jsonNestingDepth', () => {
  it.each([
    ['a scalar', '1', 0],
    ['an empty object', '{}', 1],
    ['a post body', '{"post":{"content":{"mediaID":["a"]},"tiktok":{"privacyLevel":"SELF_ONLY"}}}', 4],
    ['brackets inside strings', '{"a":"[[[{{{","b":"\\"[["}', 1],
    ['an escaped backslash before a quote', '{"a":"\\\\","b":[[1]]}', 3],
  ])('counts %s', (_label, text, depth) => {
    expect(jsonNestingDepth(text)).toBe(depth);
  });

  it('stops as soon as it passes the bound', () => {
    expect(jsonNestingDepth(nestedArrays(100_000), 64)).toBe(65);
  });
});

describe('readJsonText', () => {
  const max = LIMITS.jsonBody.maxNestingDepth;

  it('parses a body at the limit', () => {
    expect(readJsonText(nestedObjects(max))).toMatchObject({ ok: true });
  });

  it.each([
    ['one level over the limit', nestedObjects(max + 1)],
    ['2,000 levels', nestedArrays(2_000)],
    ['100,000 levels', nestedObjects(100_000)],
    ['100,000 levels that are not even closed', '['.repeat(100_000)],
  ])('refuses %s as too deep, naming the limit', (_label, text) => {
    const reading = readJsonText(text);
    expect(reading).toMatchObject({ ok: false, reason: 'too_deep' });
    expect(reading.ok === false && reading.message).toContain(String(max));
  });

  it('parses a body with more brackets than the limit when they do not nest past it', () => {
    const wide = JSON.stringify({ a: Array.from({ length: max * 2 }, () => ({ b: [1] })) });
    expect(readJsonText(wide)).toMatchObject({ ok: true });
  });

  it('refuses one level over the limit mixing objects and arrays, brackets in strings aside', () => {
    const half = Math.ceil((max + 1) / 2);
    const mixed = `${'{"a":['.repeat(half)}"{[{["${']}'.repeat(half)}`;
    expect(readJsonText(mixed)).toMatchObject({ ok: false, reason: 'too_deep' });
    expect(readJsonText(`{"a":"${'['.repeat(max * 2)}"}`)).toMatchObject({ ok: true });
  });

  it('refuses text that is not JSON', () => {
    expect(readJsonText('{"a":')).toMatchObject({ ok: false, reason: 'not_json' });
  });
});
