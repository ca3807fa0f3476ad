import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64UrlDecode, base64UrlEncode } from './base64url.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('base64url', () => {
  it.each([
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ])('encodes the RFC 4648 example %j as %j', (text, encoded) => {
    expect(base64UrlEncode(bytes(text))).toBe(encoded);
    expect(base64UrlDecode(encoded)).toEqual(bytes(text));
  });

  it('uses - and _ instead of + and /', () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });

  it.each([
    ['padding', 'Zg=='],
    ['a character outside the alphabet', 'Zm9+'],
    ['an impossible length', 'Zm9vY'],
    ['non-zero unused bits', 'Zh'],
  ])('refuses %s', (_label, text) => {
    expect(base64UrlDecode(text)).toBeNull();
  });

  it('round-trips any bytes and agrees with btoa', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (data) => {
        const encoded = base64UrlEncode(data);
        expect(base64UrlDecode(encoded)).toEqual(data);
        const standard = btoa(String.fromCharCode(...data))
          .replace(/=+$/, '')
          .replace(/\+/g, '-')
          .replace(/\//g, '_');
        expect(encoded).toBe(standard);
      }),
    );
  });
});
