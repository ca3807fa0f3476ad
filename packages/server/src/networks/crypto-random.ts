import { randomFillSync } from 'node:crypto';

/**
 * Random bytes drawn from node:crypto a few kilobytes at a time: the simulated networks make their
 * ids a digit at a time, and one crypto call per digit cost more than the rest of the network's
 * answer. Each byte is handed out once.
 */
const POOL_BYTES = 6 * 1024;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let poolAt = POOL_BYTES;

/** Uniform number in [0, 1) with 48 random bits from node:crypto (ids and simulated results never use Math.random). */
export function cryptoRandom(): number {
  if (poolAt + 6 > POOL_BYTES) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const bits = pool.readUIntBE(poolAt, 6);
  poolAt += 6;
  return bits / 2 ** 48;
}
