import twitterText from 'twitter-text';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkNetworkRules } from './check-network-rules.js';
import { invalidXCharacters, loadXTextCounting, xTextCountingReady, xWeightedLength } from './x-text.js';

const { parseTweet } = twitterText;

beforeAll(async () => {
  await loadXTextCounting();
});

const LONG_URL = `https://example.com/${'path/'.repeat(60)}?q=${'x'.repeat(100)}`;

describe("X's weighted length is twitter-text's", () => {
  it.each([
    ['plain Latin text', 'Launch day: the new release is out'],
    ['a long URL (counts 23)', `Read this ${LONG_URL} now`],
    ['two URLs', 'a.co and https://example.org/some/long/path?with=query'],
    ['a bare domain', 'see socialpub.dev for the docs'],
    ['CJK (2 each)', '漢字かなカナ한국어'.repeat(10)],
    ['an emoji with a skin tone (2)', '👍🏽 thumbs'],
    ['a ZWJ family (2)', '👨‍👩‍👧‍👦 family'],
    ['a flag and a keycap (2 each)', '🇫🇷 and #️⃣'],
    ['decomposed accents (NFC first)', 'e\u0301te\u0301 a\u0300 la plage'],
    ['Hebrew presentation forms (NFC expands)', '\uFB2C\uFB2D shalom'],
    ['typographic quotes and dashes (1 each)', '“quoted” — ‘single’ … ‹›'],
    ['a mix at the limit', `${'漢'.repeat(100)} ${LONG_URL} ${'👍🏽'.repeat(20)} end`],
  ])('%s', (_label, text) => {
    expect(xWeightedLength(text)).toBe(parseTweet(text).weightedLength);
  });

  it('the plain-ASCII shortcut gives parseTweet’s answer for every such text', () => {
    const alphabet = 'abcXYZ019 \t\n\r!"#$%&\'()*+,-/:;<=>?@[\\]^_`{|}~http://wwwcom';
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 2_000; i++) {
      let text = '';
      const length = next() % 320;
      for (let k = 0; k < length; k++) text += alphabet[next() % alphabet.length];
      expect(xWeightedLength(text), JSON.stringify(text)).toBe(parseTweet(text).weightedLength);
    }
  });

  it('is loaded only when asked (the module holds no copy before)', () => {
    expect(xTextCountingReady()).toBe(true);
  });
});

describe('X refuses what twitter-text calls invalid', () => {
  const refusalOf = (text: string) => checkNetworkRules('x', { text, media: [] }).refusal;

  it.each([
    ['280 Latin characters', 'a'.repeat(280), null],
    ['281 Latin characters', 'a'.repeat(281), 'Text length: 281 of 280 weighted characters.'],
    ['140 CJK characters (280)', '漢'.repeat(140), null],
    ['141 CJK characters (282)', '漢'.repeat(141), 'Text length: 282 of 280 weighted characters.'],
    ['140 skin-toned emoji (280)', '👍🏽'.repeat(140), null],
    ['141 ZWJ families (282)', '👨‍👩‍👧'.repeat(141), 'Text length: 282 of 280 weighted characters.'],
    ['257 characters and a URL (280)', `${'a'.repeat(256)} ${LONG_URL}`, null],
    [
      '258 characters and a URL (281)',
      `${'a'.repeat(257)} ${LONG_URL}`,
      'Text length: 281 of 280 weighted characters.',
    ],
    ['280 decomposed é (280 after NFC)', 'e\u0301'.repeat(280), null],
  ])('%s', (_label, text, detail) => {
    const refusal = refusalOf(text);
    expect(parseTweet(text).valid).toBe(detail === null);
    if (detail === null) {
      expect(refusal).toBeNull();
      return;
    }
    expect(refusal).toMatchObject({ rule: 'x.text.length', status: 400, code: 'x_rejected' });
    expect(refusal?.message).toBe(`Your Tweet text is too long. ${detail}`);
  });

  it('refuses each invalid character, named, and takes the text without it', () => {
    for (const c of ['\uFFFE', '\uFEFF', '\uFFFF']) {
      const text = `hello ${c} world`;
      expect(parseTweet(text).valid).toBe(false);
      expect(invalidXCharacters(text)).toHaveLength(1);
      expect(refusalOf(text)).toMatchObject({ rule: 'x.text.invalid_characters', status: 400 });
    }
    for (const c of ['\u2029', '\u202A', '\u202E']) {
      expect(refusalOf(`hello ${c} world`)).toBeNull();
      expect(parseTweet(`hello ${c} world`).valid).toBe(true);
    }
  });
});
