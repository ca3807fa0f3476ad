import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { IdempotencyRepository } from '../../src/db/idempotency-repo.js';

/**
 * The due-work timer asks each idempotency table for its next expiry about once a second. The
 * answer is per clock (the key's account's clock), and on the server's clock it comes from the
 * expiry index, entry by entry, never from a pass over every API key: an idle server with
 * thousands of keys must cost what one with a single key costs.
 */
const KEYS = 500;
const SERVER = { clockId: null };

function seeded() {
  const db = openDatabase({ memory: true });
  db.prepare("INSERT INTO clocks (id, name, now, created_at, seq) VALUES ('clk-1', 't', ?, ?, 1)").run(
    '2026-03-01T00:00:00.000Z',
    '2026-03-01T00:00:00.000Z',
  );
  const account = db.prepare(
    "INSERT INTO accounts (id, plan, created_at, clock_id) VALUES (?, 'skilled', ?, ?)",
  );
  const key = db.prepare(
    "INSERT INTO api_keys (id, account_id, name, key_hash, prefix, created_at) VALUES (?, ?, 'k', ?, 'p', ?)",
  );
  for (let i = 0; i < KEYS; i++) {
    account.run(`acc-${i}`, '2026-03-01T00:00:00.000Z', i === 0 ? 'clk-1' : null);
    key.run(`key-${i}`, `acc-${i}`, `hash-${i}`, '2026-03-01T00:00:00.000Z');
  }
  return db;
}

function claim(repo: IdempotencyRepository, apiKeyId: string, idempotencyKey: string, expiresAt: string) {
  repo.claim(
    {
      apiKeyId,
      scope: 'posts',
      idempotencyKey,
      bodySha256: 'b',
      claimToken: `${apiKeyId}-${idempotencyKey}`,
      firstUsedAt: '2026-03-01T00:00:00.000Z',
      expiresAt,
    },
    '2026-03-01T00:00:00.000Z',
  );
}

describe('idempotency expiry lookups per clock', () => {
  it('answers and purges each clock’s own entries: the test clock’s key apart from the server’s', () => {
    const repo = new IdempotencyRepository(seeded());
    expect(repo.nextExpiry(SERVER)).toBeNull();
    claim(repo, 'key-0', 'a', '2026-03-02T01:00:00.000Z');
    claim(repo, 'key-7', 'b', '2026-03-02T03:00:00.000Z');
    claim(repo, 'key-9', 'c', '2026-03-02T02:00:00.000Z');
    expect(repo.nextExpiry(SERVER)).toBe('2026-03-02T02:00:00.000Z');
    expect(repo.nextExpiry({ clockId: 'clk-1' })).toBe('2026-03-02T01:00:00.000Z');
    expect(repo.nextExpiry({ clockId: 'clk-2' })).toBeNull();

    expect(repo.purgeExpired('2026-03-02T02:30:00.000Z', SERVER)).toBe(1);
    expect(repo.nextExpiry(SERVER)).toBe('2026-03-02T03:00:00.000Z');
    expect(repo.nextExpiry({ clockId: 'clk-1' })).toBe('2026-03-02T01:00:00.000Z');
    expect(repo.purgeExpired('2026-03-02T02:30:00.000Z', { clockId: 'clk-1' })).toBe(1);
    expect(repo.nextExpiry({ clockId: 'clk-1' })).toBeNull();
  });

  it('reads the server clock’s next expiry from the expiry index without a pass over the API keys', () => {
    const db = seeded();
    const repo = new IdempotencyRepository(db);
    claim(repo, 'key-3', 'a', '2026-03-02T01:00:00.000Z');
    const prepare = vi.spyOn(db, 'prepare');
    repo.nextExpiry(SERVER);
    repo.purgeExpired('2026-03-01T00:00:00.000Z', SERVER);
    const statements = prepare.mock.calls.map(([sql]) => sql);
    prepare.mockRestore();
    expect(statements).toHaveLength(2);
    for (const sql of statements) {
      const params = sql.includes('?') ? ['2026-03-01T00:00:00.000Z'] : [];
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((row) => row.detail)
        .join('; ');
      expect(plan).toContain('INDEX idempotency_entries_expiry');
      expect(plan).not.toMatch(/SCAN api_keys/);
    }
  });
});
