import { canonicalJson } from '@socialpub/core';
import { sha256Hex } from '../secrets.js';

/**
 * The identity of a request body: "same JSON body (field order irrelevant)" (Idempotency, rule 1).
 * Only the digest of the canonical form is stored, never the body (it may hold captions, URLs).
 */
export function requestFingerprint(body: unknown): string {
  return sha256Hex(canonicalJson(body));
}
