import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type SocialpubApp } from '../../src/app.js';
import { ROWS_PER_STATEMENT } from '../../src/db/batched-upsert.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

// A write-behind snapshot writes its read counts and keys' "last used" times several rows a
// statement (db/batched-upsert.ts). Every account's count and every key's time must still reach
// the table, past a full statement and in the rest, each with its own value.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CLOCK_START = new Date('2026-03-02T10:00:05.000Z');
const adminInit = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const open = (dataDir: string) =>
  createApp({ dataDir, adminToken: ADMIN_TOKEN, clock: 'virtual', clockStart: CLOCK_START });

async function accountWithKey(
  app: SocialpubApp,
): Promise<{ accountId: string; apiKey: string; keyId: string }> {
  const account = (await (await app.app.request('/admin/v1/accounts', adminInit('POST', {}))).json()) as {
    account_id: string;
  };
  const key = (await (
    await app.app.request(`/admin/v1/accounts/${account.account_id}/keys`, adminInit('POST', {}))
  ).json()) as { api_key: string; key_id: string };
  return { accountId: account.account_id, apiKey: key.api_key, keyId: key.key_id };
}

describe('write-behind snapshots of many accounts', () => {
  it('keeps the read count and "last used" time of every account and key of one snapshot', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-test-'));
    dirs.push(dataDir);
    const first = await open(dataDir);
    const accounts = [];
    for (let i = 0; i < 2 * ROWS_PER_STATEMENT + 7; i++) accounts.push(await accountWithKey(first));
    for (const [i, { apiKey }] of accounts.entries()) {
      // 1, 2 or 3 reads: a count written as 1 for all would not pass.
      for (let read = 0; read <= i % 3; read++) {
        const res = await first.app.request('/api/v2/accounts', {
          headers: { authorization: `Bearer ${apiKey}` },
        });
        expect(res.status).toBe(200);
      }
    }
    await first.close();

    const second = await open(dataDir);
    try {
      const reads = second.services.db
        .prepare("SELECT account_id, count FROM read_counters WHERE bucket = 'reads'")
        .all() as { account_id: string; count: number }[];
      const byAccount = new Map(reads.map((row) => [row.account_id, row.count]));
      expect(byAccount.size).toBe(accounts.length);
      for (const [i, { accountId }] of accounts.entries()) expect(byAccount.get(accountId)).toBe((i % 3) + 1);
      const lastUsed = second.services.repos.apiKeyLastUsed.forKeys(accounts.map((a) => a.keyId));
      expect(lastUsed.size).toBe(accounts.length);
      expect(new Set(lastUsed.values())).toEqual(new Set([CLOCK_START.toISOString()]));
    } finally {
      await second.close();
    }
  });
});
