import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture, sendPost } from '../helpers/publishing.js';
import type { Fixture, TestApp } from '../helpers/test-app.js';
import { testApp } from '../helpers/test-app.js';

/**
 * The profiles repository keeps its records converted and shared (as the connections' are): every
 * write that changes what a lookup would find must drop them, or a lookup answers from before it.
 */
let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

const profiles = () => t.services.repos.profiles;

async function addProfile(name: string): Promise<string> {
  const res = await t.admin('POST', `/accounts/${f.accountId}/profiles`, { name });
  expect(res.status).toBe(201);
  return ((await res.json()) as { profile_id: string }).profile_id;
}

describe('kept profile records', () => {
  it('are one frozen record shared by every lookup, and lists are the caller’s own copy', () => {
    const first = profiles().getForAccount(f.accountId, f.profileId);
    expect(first?.id).toBe(f.profileId);
    expect(profiles().get(f.profileId)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(profiles().getForAccount('another-account', f.profileId)).toBeNull();
    const list = profiles().listForAccount(f.accountId);
    list.pop();
    expect(
      profiles()
        .listForAccount(f.accountId)
        .map((p) => p.id),
    ).toEqual([f.profileId]);
    expect(Object.isFrozen(profiles().listForAccount(f.accountId)[0])).toBe(true);
  });

  it('follow a new profile: the kept list and a post naming it by name find it', async () => {
    expect(profiles().listForAccount(f.accountId, 10_000)).toHaveLength(1);
    const second = await addProfile('Second');
    expect(
      profiles()
        .listForAccount(f.accountId, 10_000)
        .map((p) => p.id),
    ).toEqual([f.profileId, second]);
    expect(profiles().getForAccount(f.accountId, second)?.name).toBe('Second');
    await t.admin('PUT', `/profiles/${second}/networks/x`, {});
    const dry = await sendPost(t, f.apiKey, {
      validate: { accountId: 'Second', platform: 'x', content: { text: 'the new one' } },
    });
    expect(dry.status).toBe(200);
  });

  it('are gone with a deleted account: no lookup finds its profiles', async () => {
    expect(profiles().get(f.profileId)).not.toBeNull();
    expect(profiles().listForAccount(f.accountId)).toHaveLength(1);
    const res = await t.admin('DELETE', `/accounts/${f.accountId}`);
    expect(res.status).toBeLessThan(300);
    expect(profiles().get(f.profileId)).toBeNull();
    expect(profiles().getForAccount(f.accountId, f.profileId)).toBeNull();
    expect(profiles().listForAccount(f.accountId)).toEqual([]);
  });
});
