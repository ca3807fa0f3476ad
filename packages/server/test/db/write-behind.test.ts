import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type SocialpubApp } from '../../src/app.js';
import { ROWS_PER_STATEMENT } from '../../src/db/batched-upsert.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

// The read counters, the request log and keys' last use are written behind the answers (one
// schedule, db/write-behind.ts). A clean shutdown must write every one of them: nothing waits in memory
// when close() resolves.

/** The virtual clock's start for the write-behind tests: every "last used" time is this instant. */
const CLOCK_START = new Date('2026-03-02T10:00:05.000Z');

const adminInit = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** An app on `dataDir` (opened again after a close to read what was written behind). */
const open = (dataDir: string): Promise<SocialpubApp> =>
  createApp({ dataDir, adminToken: ADMIN_TOKEN, clock: 'virtual', clockStart: CLOCK_START });

/** A new account and one API key for it, through the admin API. */
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

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh data folder, removed after its test. */
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-test-'));
  dirs.push(dir);
  return dir;
}

/** `times` authenticated reads with `apiKey`, each answered 200 (each counted and logged behind). */
async function readAccounts(app: SocialpubApp, apiKey: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await app.app.request('/api/v2/accounts', { headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(200);
  }
}

describe('write-behind on a clean shutdown', () => {
  it('keeps every read count, request log row and key "last used" time written before close() resolves', async () => {
    const dataDir = newDataDir();
    const first = await open(dataDir);
    const { accountId, apiKey, keyId } = await accountWithKey(first);
    const reads = 7;
    await readAccounts(first, apiKey, reads);
    // Closed right after the answers, well inside the batching delay: the batch is still in memory.
    await first.close();

    const second = await open(dataDir);
    try {
      const detail = (await (
        await second.app.request(`/admin/v1/accounts/${accountId}`, adminInit('GET'))
      ).json()) as {
        usage: { reads: { reads: number } };
      };
      expect(detail.usage.reads.reads).toBe(reads);
      const log = (await (
        await second.app.request('/admin/v1/requests?limit=100', adminInit('GET'))
      ).json()) as {
        data: { path: string; status: number; account_id: string | null }[];
      };
      const logged = log.data.filter(
        (entry) => entry.path === '/api/v2/accounts' && entry.account_id === accountId,
      );
      expect(logged).toHaveLength(reads);
      expect(logged.every((entry) => entry.status === 200)).toBe(true);
      expect(second.services.repos.apiKeyLastUsed.forKeys([keyId]).get(keyId)).toBe(
        CLOCK_START.toISOString(),
      );
    } finally {
      await second.close();
    }
  });
});

// A write-behind snapshot writes its read counts and keys' "last used" times several rows a
// statement (db/batched-upsert.ts). Every account's count and every key's time must still reach
// the table, past a full statement and in the rest, each with its own value.

describe('write-behind snapshots of many accounts', () => {
  it('keeps the read count and "last used" time of every account and key of one snapshot', async () => {
    const dataDir = newDataDir();
    const first = await open(dataDir);
    const accounts = [];
    for (let i = 0; i < 2 * ROWS_PER_STATEMENT + 7; i++) accounts.push(await accountWithKey(first));
    for (const [i, { apiKey }] of accounts.entries()) {
      // 1, 2 or 3 reads: a count written as 1 for all would not pass.
      await readAccounts(first, apiKey, (i % 3) + 1);
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
