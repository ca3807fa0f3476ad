import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, serverListening, spawnServerProcess } from '../helpers/test-app.js';

/**
 * Publishes share their commits (`PostRecordsRepository.insertCommitted`), yet a publish answered
 * 2xx is committed before its answer: after SIGKILL in the middle of many publishes arriving
 * together, every post an answer named is in the database file.
 */
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const NETWORKS = ['x', 'linkedin', 'threads'];
const ACCOUNTS = 40;

async function call(url: string, method: string, auth: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function adminJson<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call(`${base}/admin/v1${path}`, method, ADMIN_TOKEN, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Accounts with a key and one profile on the three text networks (a 20-second wait each). */
async function seed(base: string): Promise<{ apiKey: string; profileId: string }[]> {
  const seeded = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const { account_id } = await adminJson<{ account_id: string }>(base, 'POST', '/accounts', {
      x_addon: true,
    });
    const { api_key } = await adminJson<{ api_key: string }>(base, 'POST', `/accounts/${account_id}/keys`, {
      name: 'crash',
    });
    const { profile_id } = await adminJson<{ profile_id: string }>(
      base,
      'POST',
      `/accounts/${account_id}/profiles`,
      { name: `Crash ${i}` },
    );
    for (const platform of NETWORKS) {
      await adminJson(base, 'PUT', `/profiles/${profile_id}/networks/${platform}`, {
        simulate: { latency_ms: 0 },
      });
    }
    seeded.push({ apiKey: api_key, profileId: profile_id });
  }
  return seeded;
}

describe('publishing interrupted by a crash', () => {
  it('keeps every post an answer named after SIGKILL in the middle of publishes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-publish-crash-'));
    dirs.push(dataDir);
    const child = spawnServerProcess(dataDir, { SOCIALPUB_CLOCK: 'system' });
    children.push(child);
    const { url } = await serverListening(child);
    const accounts = await seed(url);

    const acknowledged: string[] = [];
    const publishes = NETWORKS.flatMap((platform) =>
      accounts.map(({ apiKey, profileId }) =>
        call(`${url}/api/v2/posts`, 'POST', apiKey, {
          post: { accountId: profileId, platform, content: { text: `crash on ${platform}` } },
        })
          .then(async (res) => {
            const body = (await res.json()) as { service?: { post_id?: string } };
            if (res.status === 200 && body.service?.post_id) acknowledged.push(body.service.post_id);
          })
          .catch(() => {}),
      ),
    );
    while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    await Promise.all(publishes);
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);

    const db = new BetterSqlite3(join(dataDir, 'socialpub.db'), { readonly: true });
    try {
      const stored = new Set(
        (db.prepare('SELECT id FROM post_records').all() as { id: string }[]).map((row) => row.id),
      );
      const missing = acknowledged.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
    } finally {
      db.close();
    }
  });
});
