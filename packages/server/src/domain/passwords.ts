import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt's cost as log2 of N (r 8, p 1). 14 is the default; a sandbox whose test suites sign up
 * many accounts may lower it (each step halves the time), never below 10.
 */
export const PASSWORD_WORK_FACTOR = { default: 14, min: 10, max: 16 } as const;

const BLOCK_SIZE = 8;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, workFactor: number): Promise<Buffer> {
  const N = 2 ** workFactor;
  return new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; Node refuses more than 32 MiB unless told.
    scrypt(
      password,
      salt,
      KEY_LENGTH,
      { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** The refusal of a work factor outside the bounds, naming where it came from. */
export function workFactorProblem(value: number, source: string): string | null {
  if (Number.isInteger(value) && value >= PASSWORD_WORK_FACTOR.min && value <= PASSWORD_WORK_FACTOR.max)
    return null;
  return `${source} must be a whole number from ${PASSWORD_WORK_FACTOR.min} to ${PASSWORD_WORK_FACTOR.max} (scrypt's N is 2 to that power; default ${PASSWORD_WORK_FACTOR.default}).`;
}

/**
 * Dashboard passwords are low-entropy, so they get a slow salted hash: scrypt, stored as
 * `scrypt$ln=<work factor>$<salt>$<hash>`. Each hash is checked at the work factor stored with
 * it, so changing the setting never locks anyone out; hashes stored as `scrypt$<salt>$<hash>` were
 * made at 14. API keys are 256-bit random and need only SHA-256 (see api-keys.ts).
 */
export class PasswordHasher {
  #decoy: Promise<string> | null = null;

  constructor(readonly workFactor: number = PASSWORD_WORK_FACTOR.default) {
    const problem = workFactorProblem(workFactor, 'The password work factor');
    if (problem) throw new RangeError(problem);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, this.workFactor);
    return `scrypt$ln=${this.workFactor}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    const [scheme] = parts;
    const [cost, salt, hash] = parts.length === 4 ? parts.slice(1) : ['ln=14', ...parts.slice(1)];
    const workFactor = Number(/^ln=(\d+)$/.exec(cost ?? '')?.[1]);
    if (scheme !== 'scrypt' || !salt || !hash || workFactorProblem(workFactor, '') !== null) return false;
    const expected = Buffer.from(hash, 'base64url');
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), workFactor);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /**
   * Checks `password` against `stored`, or against a hash of nothing when there is none (an
   * unknown e-mail), so both paths cost one scrypt and timing does not tell which accounts exist.
   */
  async verifyOrDecoy(password: string, stored: string | null | undefined): Promise<boolean> {
    if (stored) return this.verify(password, stored);
    await this.verify(password, await this.prepareDecoy());
    return false;
  }

  /** Makes the decoy hash ahead of the first sign-in, so even that one costs no extra hash. */
  prepareDecoy(): Promise<string> {
    this.#decoy ??= this.hash('decoy password that matches nothing');
    return this.#decoy;
  }
}
