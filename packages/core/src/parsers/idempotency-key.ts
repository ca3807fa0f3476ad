import { LIMITS } from '../limits/limits.js';

/** "Idempotency keys: 1 to 255 characters" (Limits, Other). */
export const IDEMPOTENCY_KEY_MAX_LENGTH: number = LIMITS.idempotency.keyMaxLength;

/**
 * `key: null` means the header was absent (nothing to remember); `ok: false` means it was sent
 * but is not a valid key, answered 400 `idempotency_key_invalid` with nothing sent.
 */
export type IdempotencyKeyResult = { ok: true; key: string | null } | { ok: false };

const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;

/**
 * Normalises an `Idempotency-Key` header (Endpoints, Idempotency): spaces (and tabs, the other
 * HTTP whitespace) around it are removed, then one pair of surrounding double quotes; what is
 * inside the quotes is kept as sent. The result must be 1 to 255 printable ASCII characters and,
 * since a key of only spaces names nothing, hold at least one character other than a space.
 */
export function normalizeIdempotencyKey(raw: string | null | undefined): IdempotencyKeyResult {
  if (raw === undefined || raw === null) return { ok: true, key: null };
  let key = raw.replace(/^[ \t]+|[ \t]+$/g, '');
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1);
  if (key.length < LIMITS.idempotency.keyMinLength || key.length > IDEMPOTENCY_KEY_MAX_LENGTH)
    return { ok: false };
  if (!PRINTABLE_ASCII.test(key) || key.trim() === '') return { ok: false };
  return { ok: true, key };
}
