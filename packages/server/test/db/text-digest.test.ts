import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { textDigest } from '../../src/db/text-digest.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

describe('the digest of a text the networks remember', () => {
  it('is the SHA-256 of the text after NFC, whether or not the text needed it', () => {
    expect(textDigest('We are hiring').equals(sha256('We are hiring'))).toBe(true);
    // Latin-1 alone (precomposed é) is its own NFC form.
    expect(textDigest('Caf\u00e9 ouvert').equals(sha256('Caf\u00e9 ouvert'))).toBe(true);
    // A combining accent past Latin-1 composes: the same digest as the precomposed text.
    expect(textDigest('Cafe\u0301 ouvert').equals(sha256('Caf\u00e9 ouvert'))).toBe(true);
    expect(textDigest('\u{1F600} \u0169').equals(sha256('\u{1F600} \u0169'.normalize('NFC')))).toBe(true);
  });

  it('tells different texts apart, the one asked twice in a row included', () => {
    const first = textDigest('one');
    expect(textDigest('one').equals(first)).toBe(true);
    expect(textDigest('two').equals(first)).toBe(false);
  });
});
