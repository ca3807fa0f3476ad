/*
 * SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104) in plain JS. Core runs in browsers too, where
 * node:crypto is missing and Web Crypto is asynchronous: cursors need a synchronous keyed checksum,
 * and the SDK's browser uploader must hash a file piece by piece before its first byte is sent
 * (Web Crypto's digest needs the whole file in memory).
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** Incremental SHA-256: `update` with pieces of any size, then `digest` or `hex` once. */
export class Sha256 {
  private readonly state = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  private readonly block = new Uint8Array(64);
  private readonly words = new Uint32Array(64);
  private blockLength = 0;
  private totalBytes = 0;

  update(bytes: Uint8Array): this {
    this.totalBytes += bytes.length;
    let index = 0;
    while (index < bytes.length) {
      const take = Math.min(64 - this.blockLength, bytes.length - index);
      this.block.set(bytes.subarray(index, index + take), this.blockLength);
      this.blockLength += take;
      index += take;
      if (this.blockLength === 64) {
        this.compress();
        this.blockLength = 0;
      }
    }
    return this;
  }

  /** The 32-byte digest; the hasher must not be used afterwards. */
  digest(): Uint8Array {
    const bitLength = this.totalBytes * 8;
    this.update(new Uint8Array([0x80]));
    while (this.blockLength !== 56) this.update(new Uint8Array([0]));
    const length = new Uint8Array(8);
    const view = new DataView(length.buffer);
    view.setUint32(0, Math.floor(bitLength / 2 ** 32));
    view.setUint32(4, bitLength >>> 0);
    this.update(length);
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) outView.setUint32(i * 4, this.state[i] ?? 0);
    return out;
  }

  /** Lowercase hex of the digest; the hasher must not be used afterwards. */
  hex(): string {
    return Array.from(this.digest(), (byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  private compress(): void {
    const w = this.words;
    const view = new DataView(this.block.buffer);
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let [h0, h1, h2, h3, h4, h5, h6, h7] = this.state as unknown as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < 64; i++) {
      const s1 = ((h4 >>> 6) | (h4 << 26)) ^ ((h4 >>> 11) | (h4 << 21)) ^ ((h4 >>> 25) | (h4 << 7));
      const ch = (h4 & h5) ^ (~h4 & h6);
      const t1 = (h7 + s1 + ch + K[i]! + w[i]!) | 0;
      const s0 = ((h0 >>> 2) | (h0 << 30)) ^ ((h0 >>> 13) | (h0 << 19)) ^ ((h0 >>> 22) | (h0 << 10));
      const maj = (h0 & h1) ^ (h0 & h2) ^ (h1 & h2);
      const t2 = (s0 + maj) | 0;
      h7 = h6;
      h6 = h5;
      h5 = h4;
      h4 = (h3 + t1) | 0;
      h3 = h2;
      h2 = h1;
      h1 = h0;
      h0 = (t1 + t2) | 0;
    }
    const s = this.state;
    s[0] = s[0]! + h0;
    s[1] = s[1]! + h1;
    s[2] = s[2]! + h2;
    s[3] = s[3]! + h3;
    s[4] = s[4]! + h4;
    s[5] = s[5]! + h5;
    s[6] = s[6]! + h6;
    s[7] = s[7]! + h7;
  }
}

export function sha256(data: Uint8Array): Uint8Array {
  return new Sha256().update(data).digest();
}

export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = (block[i] ?? 0) ^ 0x36;
    outer[i] = (block[i] ?? 0) ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}
