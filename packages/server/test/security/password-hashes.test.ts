import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_WORK_FACTOR, PasswordHasher } from '../../src/domain/passwords.js';
import { TEST_PASSWORD_WORK_FACTOR, testApp } from '../helpers/test-app.js';

describe('dashboard password hashes', () => {
  it('stores the work factor with each hash and checks a hash at its own factor', async () => {
    const fast = new PasswordHasher(10);
    const stored = await fast.hash('long-enough-password');
    expect(stored).toMatch(/^scrypt\$ln=10\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain('long-enough-password');
    // A server started later at another factor still signs the account in.
    const slower = new PasswordHasher(12);
    expect(await slower.verify('long-enough-password', stored)).toBe(true);
    expect(await slower.verify('long-enough-passwort', stored)).toBe(false);
  });

  it('checks hashes stored before the factor was written (scrypt$salt$hash, N = 2^14)', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('old password', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const legacy = `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
    const hasher = new PasswordHasher(10);
    expect(await hasher.verify('old password', legacy)).toBe(true);
    expect(await hasher.verify('old passw0rd', legacy)).toBe(false);
  });

  it.each(['bcrypt$x$y', 'scrypt$ln=30$AAAA$BBBB', 'scrypt$ln=abc$AAAA$BBBB', 'scrypt$$', ''])(
    'refuses the unreadable stored hash %j without throwing',
    async (stored) => {
      expect(await new PasswordHasher(10).verify('anything', stored)).toBe(false);
    },
  );

  it('an unknown e-mail (no stored hash) costs a hash too and never matches', async () => {
    const hasher = new PasswordHasher(10);
    const decoy = await hasher.prepareDecoy();
    expect(decoy).toMatch(/^scrypt\$ln=10\$/);
    expect(await hasher.prepareDecoy()).toBe(decoy);
    expect(await hasher.verifyOrDecoy('decoy password that matches nothing', null)).toBe(false);
    expect(await hasher.verifyOrDecoy('pw-1234567890', await hasher.hash('pw-1234567890'))).toBe(true);
  });

  it.each([9, 17, 12.5, Number.NaN])('refuses the work factor %s, naming the range', (factor) => {
    expect(() => new PasswordHasher(factor)).toThrow(
      "The password work factor must be a whole number from 10 to 16 (scrypt's N is 2 to that power; default 14).",
    );
  });

  it.each([
    [{ passwordWorkFactor: undefined }, 14],
    [{}, TEST_PASSWORD_WORK_FACTOR],
    [{ passwordWorkFactor: 11 }, 11],
  ])('an app made with %j stores hashes at factor %i', async (options, factor) => {
    const t = await testApp(options);
    try {
      const created = await t.admin('POST', '/accounts', {
        email: 'hash@example.com',
        password: 'pw-1234567890',
      });
      expect(created.status).toBe(201);
      const { password_hash: stored } = t.services.db
        .prepare('SELECT password_hash FROM accounts WHERE email = ?')
        .get('hash@example.com') as { password_hash: string };
      expect(stored.startsWith(`scrypt$ln=${factor}$`)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('defaults to 14', () => {
    expect(new PasswordHasher().workFactor).toBe(PASSWORD_WORK_FACTOR.default);
    expect(PASSWORD_WORK_FACTOR.default).toBe(14);
  });
});
