import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { ADMIN_TOKEN, serverListening, spawnServerProcess } from '../helpers/test-app.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'socialpub-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const adminInit = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

describe('persistence', () => {
  it('keeps everything written after the app is closed and reopened on the same data dir', async () => {
    const dataDir = tempDir();
    const first = await createApp({ dataDir, adminToken: ADMIN_TOKEN, clock: 'virtual' });
    const { account_id } = (await (
      await first.app.request('/admin/v1/accounts', adminInit('POST', {}))
    ).json()) as {
      account_id: string;
    };
    const key = (await (
      await first.app.request(`/admin/v1/accounts/${account_id}/keys`, adminInit('POST', {}))
    ).json()) as {
      api_key: string;
    };
    const profile = (await (
      await first.app.request(
        `/admin/v1/accounts/${account_id}/profiles`,
        adminInit('POST', { name: 'Kept' }),
      )
    ).json()) as { profile_id: string };
    await first.app.request(
      `/admin/v1/profiles/${profile.profile_id}/networks/x`,
      adminInit('PUT', { username: 'kept' }),
    );
    await first.close();

    const second = await createApp({ dataDir, adminToken: ADMIN_TOKEN, clock: 'virtual' });
    try {
      const res = await second.app.request('/api/v2/accounts', {
        headers: { authorization: `Bearer ${key.api_key}` },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        data: { profile_name: string; networks: { username: string }[] }[];
      };
      expect(body.data).toEqual([
        expect.objectContaining({
          profile_name: 'Kept',
          networks: [expect.objectContaining({ username: 'kept' })],
        }),
      ]);
    } finally {
      await second.close();
    }
  });

  it('seeds the demo account only on the first start and keeps the generated admin token', async () => {
    const dataDir = tempDir();
    const first = await createApp({ dataDir, seedDemo: true });
    expect(first.demo?.apiKey).toMatch(/^sp_live_/);
    expect(first.generatedAdminToken).toMatch(/^sp_admin_/);
    const res = await first.app.request('/api/v2/accounts', {
      headers: { authorization: `Bearer ${first.demo?.apiKey}` },
    });
    const body = (await res.json()) as {
      data: { handle: string; networks: { platform: string; health: string }[] }[];
    };
    expect(body.data.map((p) => p.handle)).toEqual(['@demobrand', '@sideproject']);
    expect(body.data[0]?.networks).toHaveLength(9);
    expect(body.data[0]?.networks.every((n) => n.health === 'ready')).toBe(true);
    expect(body.data[1]?.networks.map((n) => n.platform)).toEqual(['linkedin', 'x']);
    const token = first.generatedAdminToken;
    await first.close();

    const second = await createApp({ dataDir, seedDemo: true });
    try {
      expect(second.demo).toBeNull();
      expect(second.generatedAdminToken).toBeNull();
      const clock = await second.app.request('/admin/v1/clock', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(clock.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

function spawnServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return serverListening(spawnServerProcess(dataDir));
}

describe('crash safety', () => {
  it('keeps every acknowledged admin write after SIGKILL in the middle of requests', async () => {
    const dataDir = tempDir();
    const first = await spawnServer(dataDir);
    const { account_id } = (await (
      await fetch(`${first.url}/admin/v1/accounts`, adminInit('POST', {}))
    ).json()) as {
      account_id: string;
    };
    const acknowledged: string[] = [];
    const writes = Array.from({ length: 40 }, (_, i) =>
      fetch(`${first.url}/admin/v1/accounts/${account_id}/profiles`, adminInit('POST', { name: `P${i}` }))
        .then(async (res) => {
          if (res.status === 201)
            acknowledged.push(((await res.json()) as { profile_id: string }).profile_id);
        })
        .catch(() => {}),
    );
    await new Promise((r) => setTimeout(r, 30));
    while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await Promise.all(writes);
    expect(acknowledged.length).toBeGreaterThan(0);

    const second = await spawnServer(dataDir);
    try {
      const account = (await (
        await fetch(`${second.url}/admin/v1/accounts/${account_id}`, adminInit('GET'))
      ).json()) as {
        profiles: { profile_id: string }[];
      };
      const present = new Set(account.profiles.map((p) => p.profile_id));
      for (const id of acknowledged) expect(present.has(id)).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
    }
  });
});
