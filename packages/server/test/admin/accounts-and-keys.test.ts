import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOCK_START, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

const json = async <T>(res: Response | Promise<Response>): Promise<T> => (await (await res).json()) as T;

describe('admin accounts and keys', () => {
  it('creates an account with defaults, patches it and reads it back without secrets', async () => {
    const res = await t.admin('POST', '/accounts', { email: 'a@example.com', password: 'secret-pass' });
    expect(res.status).toBe(201);
    const created = await json<Record<string, unknown>>(res);
    expect(created).toMatchObject({
      plan: 'skilled',
      x_addon: false,
      email: 'a@example.com',
      created_at: CLOCK_START.toISOString(),
    });
    expect(JSON.stringify(created)).not.toContain('secret-pass');
    const patched = await json<Record<string, unknown>>(
      t.admin('PATCH', `/accounts/${created.account_id}`, { plan: 'free', x_addon: true }),
    );
    expect(patched).toMatchObject({ plan: 'free', x_addon: true, email: 'a@example.com' });
    const read = await json<Record<string, unknown>>(t.admin('GET', `/accounts/${created.account_id}`));
    expect(read).toMatchObject({ plan: 'free', profiles: [], keys: [], usage: expect.any(Object) });
    expect(JSON.stringify(read)).not.toMatch(/scrypt|password/);
  });

  it('refuses a second account with the same e-mail and answers 404 for an unknown account', async () => {
    await t.admin('POST', '/accounts', { email: 'dup@example.com' });
    expect((await t.admin('POST', '/accounts', { email: 'dup@example.com' })).status).toBe(409);
    expect((await t.admin('GET', '/accounts/nope')).status).toBe(404);
    expect((await t.admin('PATCH', '/accounts/nope', { plan: 'free' })).status).toBe(404);
  });

  it('shows a key once, lists it without the secret, and revokes it idempotently', async () => {
    const { account_id } = await json<{ account_id: string }>(t.admin('POST', '/accounts', {}));
    const res = await t.admin('POST', `/accounts/${account_id}/keys`, { name: 'ci' });
    expect(res.status).toBe(201);
    const key = await json<{ key_id: string; api_key: string; name: string }>(res);
    expect(key.api_key).toMatch(/^sp_live_[A-Za-z0-9_-]{40,}$/);
    const read = await json<{ keys: Record<string, unknown>[] }>(t.admin('GET', `/accounts/${account_id}`));
    expect(read.keys).toEqual([
      expect.objectContaining({ key_id: key.key_id, name: 'ci', revoked_at: null }),
    ]);
    expect(JSON.stringify(read)).not.toContain(key.api_key);
    const stored = t.services.db.prepare('SELECT key_hash FROM api_keys').get() as { key_hash: string };
    expect(stored.key_hash).not.toContain(key.api_key);
    const revoked = await json<{ revoked_at: string }>(t.admin('DELETE', `/keys/${key.key_id}`));
    expect(revoked.revoked_at).toBe(CLOCK_START.toISOString());
    await t.admin('POST', '/clock', { advance_seconds: 10 });
    expect((await json<{ revoked_at: string }>(t.admin('DELETE', `/keys/${key.key_id}`))).revoked_at).toBe(
      revoked.revoked_at,
    );
    expect((await t.admin('DELETE', '/keys/unknown')).status).toBe(404);
  });
});

describe('admin profiles and networks', () => {
  it('creates a profile, connects, patches and disconnects a network', async () => {
    const { account_id } = await json<{ account_id: string }>(t.admin('POST', '/accounts', {}));
    const profile = await json<{ profile_id: string; handle: string; networks: unknown[] }>(
      t.admin('POST', `/accounts/${account_id}/profiles`, { name: 'My Shop!' }),
    );
    expect(profile).toMatchObject({ handle: '@myshop', networks: [] });
    const path = `/profiles/${profile.profile_id}/networks/tiktok`;
    const put = await json<Record<string, unknown>>(
      t.admin('PUT', path, {
        username: 'shop',
        options: { a: 1 },
        simulate: { outcome: 'failed', error: { status: 403 } },
      }),
    );
    expect(put).toMatchObject({
      platform: 'tiktok',
      username: 'shop',
      status: 'connected',
      health: 'ready',
      simulate: { outcome: 'failed' },
    });
    await t.admin('POST', '/clock', { advance_seconds: 5 });
    const optionsOnly = await json<Record<string, unknown>>(t.admin('PATCH', path, { options: { b: 2 } }));
    expect(optionsOnly.updated_at).toBe(put.updated_at);
    const signIn = await json<Record<string, unknown>>(
      t.admin('PATCH', path, { health: 'reconnect_required' }),
    );
    expect(signIn).toMatchObject({ health: 'reconnect_required', options: { b: 2 } });
    expect(signIn.updated_at).not.toBe(put.updated_at);
    expect((await t.admin('DELETE', path)).status).toBe(200);
    expect((await t.admin('DELETE', path)).status).toBe(404);
    expect((await t.admin('PATCH', path, { health: 'ready' })).status).toBe(404);
  });
});

describe('admin dashboard media and outbox', () => {
  it('stores a dashboard file in the media folder with a library row', async () => {
    const { account_id } = await json<{ account_id: string }>(t.admin('POST', '/accounts', {}));
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const res = await t.admin('POST', `/accounts/${account_id}/media`, {
      file_name: 'photos/Summer.JPG',
      content_base64: bytes.toString('base64'),
      confirm_before_posting: true,
    });
    expect(res.status).toBe(201);
    const item = await json<Record<string, unknown>>(res);
    expect(item).toMatchObject({
      type: 'image/jpeg',
      kind: 'image',
      size: 7,
      status: 'ready',
      source: 'dashboard',
      confirm_before_posting: true,
    });
    expect(item.expires_at).toBe(new Date(CLOCK_START.getTime() + 7 * 86_400_000).toISOString());
    const stored = t.services.repos.mediaFiles.getForAccount(account_id, String(item.file_id));
    expect(stored?.storagePath).toBeTruthy();
    const path = t.services.mediaFolder.pathOf(stored?.storagePath ?? '');
    expect(existsSync(path) && readFileSync(path).equals(bytes)).toBe(true);
  });

  it('lists outbox messages newest first', async () => {
    const { account_id } = await json<{ account_id: string }>(t.admin('POST', '/accounts', {}));
    t.services.repos.outbox.add({
      accountId: account_id,
      to: null,
      subject: 'first',
      body: 'a',
      createdAt: '2026-03-02T09:00:00.000Z',
    });
    t.services.repos.outbox.add({
      accountId: account_id,
      to: null,
      subject: 'second',
      body: 'b',
      createdAt: '2026-03-02T09:30:00.000Z',
    });
    const body = await json<{ data: { subject: string }[] }>(
      t.admin('GET', `/accounts/${account_id}/outbox`),
    );
    expect(body.data.map((m) => m.subject)).toEqual(['second', 'first']);
  });
});
