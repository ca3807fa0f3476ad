import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn from crypto a few kilobytes at a time: one `randomFillSync` call per id cost
 * more than the rest of the id (OpenSSL's per-call overhead), as `crypto.randomUUID` also batches.
 * Each byte is handed out once.
 */
const POOL_BYTES = 8 * 1024;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let poolAt = POOL_BYTES;

function randomBytes10(into: Buffer): void {
  if (poolAt + 10 > POOL_BYTES) {
    randomFillSync(pool);
    poolAt = 0;
  }
  pool.copy(into, 6, poolAt, poolAt + 10);
  poolAt += 10;
}

const bytes = Buffer.alloc(16);

/**
 * A post record's id: a time-ordered UUID (version 7, RFC 9562): 48 bits of the post's send time
 * in milliseconds (from the account's clock), then 74 random bits from crypto. Ids of posts sent
 * one after another land side by side in the id index instead of at a random page, so recording a
 * publish writes one page less. Still a UUID, as the API
 * document says; its order means nothing to callers.
 */
export function postRecordId(sentAt: Date): string {
  randomBytes10(bytes);
  let ms = Math.max(0, Math.floor(sentAt.getTime()));
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | ((bytes[6] as number) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
