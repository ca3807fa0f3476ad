import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture, sendPost } from '../helpers/publishing.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

/**
 * post.accountId as a profile UUID is looked up by id first (one cached row), and must find exactly
 * what resolveProfile finds over the account's profiles: any case, spaces around it, never another
 * account's profile.
 */
let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

const inAnHour = () => new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();

async function scheduleFor(accountId: string) {
  return sendPost(t, f.apiKey, {
    post: { accountId, platform: 'x', content: { text: 'which profile' }, scheduledFor: inAnHour() },
  });
}

describe('the profile a post names by UUID', () => {
  it('is found in any case and with spaces around it, also beside another profile', async () => {
    const second = (await (
      await t.admin('POST', `/accounts/${f.accountId}/profiles`, { name: 'Second' })
    ).json()) as { profile_id: string };
    await t.admin('PUT', `/profiles/${second.profile_id}/networks/x`, {});
    for (const [named, expected] of [
      [f.profileId.toUpperCase(), f.profileId],
      [`  ${second.profile_id}  `, second.profile_id],
      [second.profile_id.toUpperCase(), second.profile_id],
    ] as const) {
      const a = await scheduleFor(named);
      expect(a.status).toBe(202);
      expect(a.body['profile_id']).toBe(expected);
    }
  });

  it("is never another account's profile: 403 account_not_found listing this account's own", async () => {
    const other = await accountWithProfile(t, { x: {} });
    const a = await scheduleFor(other.profileId);
    expect(a.status).toBe(403);
    expect(a.body.error?.['code']).toBe('account_not_found');
    const listed = (a.body.error?.['profiles'] ?? []) as { profile_id: string }[];
    expect(listed.map((p) => p.profile_id)).toEqual([f.profileId]);
  });
});
