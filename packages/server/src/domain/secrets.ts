import * as nodeCrypto from 'node:crypto';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const oneShotHash = (nodeCrypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string })
  .hash;

export function sha256Hex(value: string): string {
  // One-shot hash where Node has it (20.12+): no Hash object per call, and every authenticated
  // request hashes its key. Older Node 20 releases take the Hash object path.
  return oneShotHash
    ? oneShotHash('sha256', value, 'hex')
    : createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Compares two hex digests without leaking where they differ. The hex text itself is compared, as
 * one byte a character: decoding the hex first cost every authenticated request two conversions
 * (about a tenth of a read's CPU in the profile) for the same answer.
 */
export function digestsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1'));
}

/** `digestsEqual` against a stored digest already held as its bytes, one a character: one conversion. */
export function digestMatches(presented: string, stored: Buffer): boolean {
  if (presented.length !== stored.length) return false;
  return timingSafeEqual(Buffer.from(presented, 'latin1'), stored);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
