import { afterEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

interface Listed {
  data: { profile_id: string; profile_name: string; networks: { platform: string; health: string }[] }[];
}

let t: TestApp;
afterEach(async () => {
  await t.close();
});

async function list(key: string): Promise<Listed> {
  const res = await t.api('GET', '/api/v2/accounts', key);
  expect(res.status).toBe(200);
  return (await res.json()) as Listed;
}

describe('GET /api/v2/accounts after a kept answer', () => {
  it('lists a network connected after the previous read', async () => {
    t = await testApp();
    const f = await accountWithProfile(t, { x: {} });
    expect((await list(f.apiKey)).data[0]?.networks.map((n) => n.platform)).toEqual(['x']);
    await t.admin('PUT', `/profiles/${f.profileId}/networks/linkedin`, {});
    expect((await list(f.apiKey)).data[0]?.networks.map((n) => n.platform)).toEqual(['linkedin', 'x']);
  });

  it('drops a network disconnected after the previous read', async () => {
    t = await testApp();
    const f = await accountWithProfile(t, { x: {}, linkedin: {} });
    expect((await list(f.apiKey)).data[0]?.networks).toHaveLength(2);
    const res = await t.admin('DELETE', `/profiles/${f.profileId}/networks/linkedin`);
    expect(res.status).toBeLessThan(300);
    expect((await list(f.apiKey)).data[0]?.networks.map((n) => n.platform)).toEqual(['x']);
  });

  it('lists a profile created after the previous read', async () => {
    t = await testApp();
    const f = await accountWithProfile(t, { x: {} });
    expect((await list(f.apiKey)).data).toHaveLength(1);
    await t.admin('POST', `/accounts/${f.accountId}/profiles`, { name: 'Second' });
    expect((await list(f.apiKey)).data.map((p) => p.profile_name)).toEqual(['Brand', 'Second']);
  });

  it('shows reconnect_required once the clock passes a sign-in expiry after the previous read', async () => {
    t = await testApp();
    const expiresAt = new Date(t.services.clock.now().getTime() + 60_000).toISOString();
    const f = await accountWithProfile(t, { facebook: { access_expires_at: expiresAt } });
    expect((await list(f.apiKey)).data[0]?.networks[0]?.health).toBe('ready');
    await t.admin('POST', '/clock', { advance_seconds: 61 });
    expect((await list(f.apiKey)).data[0]?.networks[0]?.health).toBe('reconnect_required');
  });
});
