import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { createApp, type SocialpubApp } from '../../src/app.js';
import { ADMIN_TOKEN } from './test-app.js';

/** The virtual clock's start for the write-behind tests: every "last used" time is this instant. */
export const CLOCK_START = new Date('2026-03-02T10:00:05.000Z');

export const adminInit = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** An app on `dataDir` (opened again after a close to read what was written behind). */
export const openOn = (dataDir: string): Promise<SocialpubApp> =>
  createApp({ dataDir, adminToken: ADMIN_TOKEN, clock: 'virtual', clockStart: CLOCK_START });

/** A new account and one API key for it, through the admin API. */
export async function accountWithKey(
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

/** A fresh data folder per call, each removed after its test. */
export function dataDirs(): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'socialpub-test-'));
    dirs.push(dir);
    return dir;
  };
}

/** `times` authenticated reads with `apiKey`, each answered 200 (each counted and logged behind). */
export async function readAccounts(app: SocialpubApp, apiKey: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await app.app.request('/api/v2/accounts', { headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(200);
  }
}
