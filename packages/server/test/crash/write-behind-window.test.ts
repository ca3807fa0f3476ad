import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, type SocialpubApp } from '../../src/app.js';
import { WRITE_BEHIND_TIMING } from '../../src/db/write-behind.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

// What a crash may lose of the bookkeeping written behind the answers (docs/performance.md, "Written
// behind the answers"): at most one snapshot period of read counts, request-log rows and keys' last
// use. The crash is a second app opening the same data directory while the first never wrote what
// it holds in memory, as after kill -9; the snapshot timer is the only timer faked.

const CLOCK_START = new Date('2026-03-02T10:00:05.000Z');
const dirs: string[] = [];
const apps: SocialpubApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const adminInit = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

async function open(dataDir: string): Promise<SocialpubApp> {
  const app = await createApp({
    dataDir,
    adminToken: ADMIN_TOKEN,
    clock: 'virtual',
    clockStart: CLOCK_START,
  });
  apps.push(app);
  return app;
}

/** What a server started on `dataDir` now would find: reads counted, log rows, the key's last use. */
async function afterRestart(dataDir: string, accountId: string, keyId: string) {
  const second = await open(dataDir);
  const detail = (await (
    await second.app.request(`/admin/v1/accounts/${accountId}`, adminInit('GET'))
  ).json()) as {
    usage: { reads: { reads: number } };
  };
  const log = (await (
    await second.app.request(`/admin/v1/requests?account_id=${accountId}&limit=100`, adminInit('GET'))
  ).json()) as { data: unknown[] };
  const lastUsed = second.services.repos.apiKeyLastUsed.forKeys([keyId]).get(keyId) ?? null;
  return { reads: detail.usage.reads.reads, logged: log.data.length, lastUsed };
}

describe('a crash and the bookkeeping written behind the answers', () => {
  it('loses at most one snapshot period: nothing of it before the period ends, everything after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-test-'));
    dirs.push(dataDir);
    const first = await open(dataDir);
    const { account_id: accountId } = (await (
      await first.app.request('/admin/v1/accounts', adminInit('POST', {}))
    ).json()) as { account_id: string };
    const newKey = async () =>
      (await (
        await first.app.request(`/admin/v1/accounts/${accountId}/keys`, adminInit('POST', {}))
      ).json()) as { api_key: string; key_id: string };
    const [earlier, later] = [await newKey(), await newKey()];
    const read = async (apiKey: string) => {
      const res = await first.app.request('/api/v2/accounts', {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(res.status).toBe(200);
    };
    // The first read of a minute writes what waits, its own count included (older minutes' counts
    // are pruned after it); its log row is added once it is answered, so it waits.
    await read(earlier.api_key);
    const reads = 4;
    for (let i = 0; i < reads; i++) await read(later.api_key);
    expect(WRITE_BEHIND_TIMING.delayMs).toBe(5_000);

    vi.advanceTimersByTime(WRITE_BEHIND_TIMING.delayMs - 1);
    expect(await afterRestart(dataDir, accountId, later.key_id)).toEqual({
      reads: 1,
      logged: 0,
      lastUsed: null,
    });

    vi.advanceTimersByTime(1);
    expect(await afterRestart(dataDir, accountId, later.key_id)).toEqual({
      reads: 1 + reads,
      logged: 1 + reads,
      lastUsed: CLOCK_START.toISOString(),
    });
  });
});
