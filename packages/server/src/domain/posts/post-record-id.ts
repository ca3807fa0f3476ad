import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn from crypto a few kilobytes at a time: one `randomFillSync` call per id cost
 * more than the rest of the id (OpenSSL's per-call overhead), as `crypto.randomUUID` also batches.
 * Each byte is handed out once.
 */
const POOL_BYTES = 8 * 1024;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let poolAt = POOL_BYTES;

/** Two hex digits of each byte value. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const hex = (byte: number): string => HEX[byte] as string;

/**
 * A post record's id: a time-ordered UUID (version 7, RFC 9562): 48 bits of the post's send time
 * in milliseconds (from the account's clock), then 74 random bits from crypto. Ids of posts sent
 * one after another land side by side in the id index instead of at a random page, so recording a
 * publish writes one page less. Still a UUID, as the API
 * document says; its order means nothing to callers. Its text is put together from a table of
 * hex digits straight from the time and the pool's bytes (no buffer, no hex string to slice).
 */
export function postRecordId(sentAt: Date): string {
  if (poolAt + 10 > POOL_BYTES) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const r = poolAt;
  poolAt += 10;
  const ms = Math.max(0, Math.floor(sentAt.getTime()));
  // The 48 bits as two 24-bit halves: bit operators work on 32 bits only.
  const high = Math.floor(ms / 0x1000000) % 0x1000000;
  const low = ms % 0x1000000;
  const byte = (i: number): number => pool[r + i] as number;
  return (
    `${hex(high >>> 16)}${hex((high >>> 8) & 0xff)}${hex(high & 0xff)}${hex(low >>> 16)}-` +
    `${hex((low >>> 8) & 0xff)}${hex(low & 0xff)}-${hex(0x70 | (byte(0) & 0x0f))}${hex(byte(1))}-` +
    `${hex(0x80 | (byte(2) & 0x3f))}${hex(byte(3))}-` +
    `${hex(byte(4))}${hex(byte(5))}${hex(byte(6))}${hex(byte(7))}${hex(byte(8))}${hex(byte(9))}`
  );
}
