import * as crypto from 'node:crypto';

// The one-shot form where Node has it (20.12 and later): a Hash object costs four times as much.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'buffer') => Buffer }).hash;

/** A code unit past Latin-1: only such text can change under NFC. */
const WIDE = /[\u0100-\uffff]/;

// A publish asks the digest of its text twice (the duplicate check, then its record): kept once.
let lastText: string | undefined;
let lastDigest: Buffer | undefined;

/** The digest two texts share exactly when they are the same after NFC (X normalises first). */
export function textDigest(text: string): Buffer {
  if (text === lastText && lastDigest !== undefined) return lastDigest;
  // Text of Latin-1 characters alone is its own NFC form: most posts skip the normalisation.
  const normal = WIDE.test(text) ? text.normalize('NFC') : text;
  const digest =
    oneShot === undefined
      ? crypto.createHash('sha256').update(normal).digest()
      : oneShot('sha256', normal, 'buffer');
  lastText = text;
  lastDigest = digest;
  return digest;
}
