import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64UrlDecode, base64UrlEncode } from './base64url.js';
import { decodeCursor, encodeCursor } from './cursor.js';

const SECRET = 'server-secret';
const ACCOUNT = 'acc_1';
const payload = { at: '2026-11-10T14:30:00.000Z', id: '0b6f4c52-8e1a-4c7e-9d0f-2a1b3c4d5e6f' };
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('cursor', () => {
  it('decodes its own cursor to the payload', () => {
    expect(decodeCursor(encodeCursor(payload, SECRET, 'posts', ACCOUNT), SECRET, 'posts', ACCOUNT)).toEqual(
      payload,
    );
  });

  it('is url-safe', () => {
    expect(encodeCursor(payload, SECRET, 'posts', ACCOUNT)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('gives the same cursor whatever the key order of the payload', () => {
    expect(encodeCursor({ b: 1, a: 2 }, SECRET, 'posts', ACCOUNT)).toBe(
      encodeCursor({ a: 2, b: 1 }, SECRET, 'posts', ACCOUNT),
    );
  });

  it.each([
    [
      'a cursor of another kind (posts cursor on the media list)',
      encodeCursor(payload, SECRET, 'posts', ACCOUNT),
      'media_files',
    ],
    ['a cursor from another secret', encodeCursor(payload, 'other-secret', 'posts', ACCOUNT), 'posts'],
    ['an empty string', '', 'posts'],
    ['garbage', 'not a cursor!', 'posts'],
    ['base64url of plain JSON', base64UrlEncode(new TextEncoder().encode('{"k":"posts","p":{}}')), 'posts'],
    ['a very long string', 'A'.repeat(5000), 'posts'],
  ])('refuses %s', (_label, cursor, kind) => {
    expect(decodeCursor(cursor, SECRET, kind, ACCOUNT)).toBeNull();
  });

  it('refuses a cursor whose payload was swapped but the tag kept', () => {
    const bytes = base64UrlDecode(encodeCursor(payload, SECRET, 'posts', ACCOUNT));
    const other = base64UrlDecode(encodeCursor({ ...payload, id: 'x' }, 'guess', 'posts', ACCOUNT));
    if (!bytes || !other) throw new Error('fixture cursors must decode');
    const forged = new Uint8Array([...bytes.subarray(0, 17), ...other.subarray(17)]);
    expect(decodeCursor(base64UrlEncode(forged), SECRET, 'posts', ACCOUNT)).toBeNull();
  });

  it('refuses a cursor made for another account', () => {
    expect(
      decodeCursor(encodeCursor(payload, SECRET, 'posts', 'acc_2'), SECRET, 'posts', ACCOUNT),
    ).toBeNull();
  });

  const payloads = fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });

  it('round-trips any JSON object payload', () => {
    fc.assert(
      fc.property(
        payloads,
        fc.string({ minLength: 1 }),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 40 }),
        (p, secret, kind, account) => {
          expect(decodeCursor(encodeCursor(p, secret, kind, account), secret, kind, account)).toEqual(
            JSON.parse(JSON.stringify(p)),
          );
        },
      ),
    );
  });

  it('refuses any single-character change', () => {
    fc.assert(
      fc.property(payloads, fc.nat(), fc.nat({ max: 63 }), (p, position, replacement) => {
        const cursor = encodeCursor(p, SECRET, 'posts', ACCOUNT);
        const at = position % cursor.length;
        const char =
          ALPHABET[replacement] === cursor[at] ? ALPHABET[(replacement + 1) % 64] : ALPHABET[replacement];
        const changed = cursor.slice(0, at) + char + cursor.slice(at + 1);
        expect(changed).not.toBe(cursor);
        expect(decodeCursor(changed, SECRET, 'posts', ACCOUNT)).toBeNull();
      }),
    );
  });
});
