/**
 * Which (profile, network, text digest) keys the database may hold among the texts a network keeps
 * for good (LinkedIn's duplicates): a Bloom filter of fixed size. "No" is exact, so most posts (new
 * texts, profiles that never posted there) need no read; "maybe" is answered by the database, which
 * stays the truth. Filled from the table once and by every write after; a rolled-back write or a
 * deleted row only leaves a "maybe" behind, never a wrong "no".
 */
export class KeptTextsFilter {
  /** 2^22 bits (512 KiB): under 2% "maybe" for a new text with half a million texts kept. */
  static readonly BITS = 1 << 22;
  readonly #bits = new Uint32Array(KeptTextsFilter.BITS >>> 5);

  /** Adds a kept text. */
  add(owner: string, digest: Uint8Array): void {
    const h = ownerHash(owner);
    for (let i = 0; i < PROBES; i += 1) {
      const bit = position(digest, i, h);
      this.#bits[bit >>> 5] = (this.#bits[bit >>> 5] as number) | (1 << (bit & 31));
    }
  }

  /** False when the text was never kept for this owner; true when it may have been. */
  mayHold(owner: string, digest: Uint8Array): boolean {
    const h = ownerHash(owner);
    for (let i = 0; i < PROBES; i += 1) {
      const bit = position(digest, i, h);
      if (((this.#bits[bit >>> 5] as number) & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

/** The owner of a kept text: the profile on its network (the account is the profile's). */
export const keptTextOwner = (accountId: string, profileId: string, platform: string): string =>
  `${accountId} ${profileId} ${platform}`;

const PROBES = 4;

/** The digest is SHA-256: its 32-bit words are independent hashes already; the owner moves them. */
function position(digest: Uint8Array, i: number, ownerHash: number): number {
  const o = i * 4;
  const word =
    ((digest[o] as number) | ((digest[o + 1] as number) << 8) | ((digest[o + 2] as number) << 16)) +
    (digest[o + 3] as number) * 0x1000000;
  return ((word ^ Math.imul(ownerHash, i + 1)) >>> 0) & (KeptTextsFilter.BITS - 1);
}

/** FNV-1a over the owner's code units. */
function ownerHash(owner: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < owner.length; i += 1) h = Math.imul(h ^ owner.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
