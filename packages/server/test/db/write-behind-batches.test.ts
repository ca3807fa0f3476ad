import { describe, expect, it } from 'vitest';
import { ROWS_PER_STATEMENT } from '../../src/db/batched-upsert.js';
import {
  accountWithKey,
  CLOCK_START,
  dataDirs,
  openOn as open,
  readAccounts,
} from '../helpers/write-behind-app.js';

// A write-behind snapshot writes its read counts and keys' "last used" times several rows a
// statement (db/batched-upsert.ts). Every account's count and every key's time must still reach
// the table, past a full statement and in the rest, each with its own value.

const newDataDir = dataDirs();

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
