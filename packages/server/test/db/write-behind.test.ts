import { describe, expect, it } from 'vitest';
import {
  accountWithKey,
  adminInit,
  CLOCK_START,
  dataDirs,
  openOn as open,
  readAccounts,
} from '../helpers/write-behind-app.js';

// The read counters, the request log and keys' last use are written behind the answers (one
// schedule, db/write-behind.ts). A clean shutdown must write every one of them: nothing waits in memory
// when close() resolves.

const newDataDir = dataDirs();

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
