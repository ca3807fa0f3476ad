import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_VERSION } from '../../src/caches/invalidation-version.js';
import { type Answer, advance, fixture, seedPosts, sendPost } from '../helpers/publishing.js';
import type { Fixture, TestApp } from '../helpers/test-app.js';
import { testApp } from '../helpers/test-app.js';

/**
 * A key's caller entry keeps what its requests read besides (caches/caller-facts-cache.ts): the profile a
 * request named, that profile's connections, the account's limit answers and the key's last use.
 * Every write that changes what a check would find must be seen by the very next request.
 */
let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

const PASSES = [200, true, null];
const dryRun = (accountId: string, platform = 'x', text = 'hello') =>
  sendPost(t, f.apiKey, { validate: { accountId, platform, content: { text } } });
/** Status, whether it would publish, and the code it would get (null: none). */
const verdict = (answer: Answer) => [
  answer.status,
  answer.body['would_publish'],
  (answer.body['reason'] as { code: string | null } | undefined)?.code ?? answer.body.error?.['code'] ?? null,
];

async function addProfile(name: string): Promise<string> {
  const res = await t.admin('POST', `/accounts/${f.accountId}/profiles`, { name });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { profile_id: string }).profile_id;
  expect((await t.admin('PUT', `/profiles/${id}/networks/x`, {})).status).toBeLessThan(300);
  return id;
}

describe("the profile kept with a key's caller", () => {
  it('is named anew once another profile makes the same name ambiguous', async () => {
    await addProfile('Zebra');
    expect(verdict(await dryRun('zebra'))).toEqual(PASSES);
    expect(verdict(await dryRun('zebra'))).toEqual(PASSES);
    await addProfile('ZEBRA');
    expect(verdict(await dryRun('zebra'))).toEqual([200, false, 'profile_name_ambiguous']);
  });

  it('answers only the name it was found by', async () => {
    const other = await addProfile('Other');
    expect(verdict(await dryRun(f.profileId))).toEqual(PASSES);
    expect(verdict(await dryRun('Other'))).toEqual(PASSES);
    expect(verdict(await dryRun('Nobody'))).toEqual([200, false, 'account_not_found']);
    expect(other).not.toBe(f.profileId);
  });
});

describe('the stamps a kept fact carries', () => {
  it('are never a version inside a transaction, which may still roll back what it read', () => {
    const { db, repos } = t.services;
    const inside = db.transaction(() => [repos.profiles.versionToKeep, repos.connections.versionToKeep])();
    expect(inside).toEqual([NO_VERSION, NO_VERSION]);
    expect([repos.profiles.versionToKeep, repos.connections.versionToKeep]).toEqual([
      repos.profiles.version,
      repos.connections.version,
    ]);
  });
});

describe("the connections kept with a key's caller", () => {
  it('see a network disconnected and connected again', async () => {
    expect(verdict(await dryRun(f.profileId, 'x'))).toEqual(PASSES);
    expect((await t.admin('DELETE', `/profiles/${f.profileId}/networks/x`)).status).toBeLessThan(300);
    expect(verdict(await dryRun(f.profileId, 'x'))).toEqual([200, false, 'api_error']);
    expect((await t.admin('PUT', `/profiles/${f.profileId}/networks/x`, {})).status).toBeLessThan(300);
    expect(verdict(await dryRun(f.profileId, 'x'))).toEqual(PASSES);
  });

  it('see a sign-in marked for reconnection', async () => {
    expect(verdict(await dryRun(f.profileId, 'threads'))).toEqual(PASSES);
    const res = await t.admin('PATCH', `/profiles/${f.profileId}/networks/threads`, {
      health: 'reconnect_required',
    });
    expect(res.status).toBeLessThan(300);
    expect(verdict(await dryRun(f.profileId, 'threads'))).toEqual([200, false, 'platform_error']);
  });
});

describe("the limit answers reached through a key's caller", () => {
  const withLinks = 'See https://example.com/a';

  it('follow posts inserted after they were kept', async () => {
    expect(verdict(await dryRun(f.profileId, 'x', withLinks))).toEqual(PASSES);
    seedPosts(t, f, 20, {
      platform: 'x',
      hasLinks: true,
      at: new Date(t.services.clock.now().getTime() - 60_000),
    });
    expect(verdict(await dryRun(f.profileId, 'x', withLinks))).toEqual([200, false, 'x_link_limit_reached']);
  });

  it('are counted anew after a status change drops every kept answer', async () => {
    const minuteAgo = new Date(t.services.clock.now().getTime() - 60_000);
    seedPosts(t, f, 20, { platform: 'x', hasLinks: true, status: 'failed', at: minuteAgo });
    // Failed posts are attempts, not X add-on use: kept as 0 used.
    expect(verdict(await dryRun(f.profileId, 'x', withLinks))).toEqual(PASSES);
    const ids = t.services.db.prepare('SELECT id FROM post_records').pluck().all() as string[];
    for (const id of ids) t.services.repos.postRecords.update(id, { status: 'success' });
    expect(verdict(await dryRun(f.profileId, 'x', withLinks))).toEqual([200, false, 'x_link_limit_reached']);
  });
});

describe("the key's last use kept with its caller", () => {
  it('is written at most once a minute, and again after the minute', async () => {
    // `forKeys` writes what waits first.
    const lastUsed = () => t.services.repos.apiKeyLastUsed.forKeys([f.keyId]).get(f.keyId);
    await dryRun(f.profileId);
    const first = lastUsed();
    expect(first).toBe(t.services.clock.now().toISOString());
    await advance(t, 59);
    await dryRun(f.profileId);
    expect(lastUsed()).toBe(first);
    await advance(t, 1);
    await dryRun(f.profileId);
    expect(lastUsed()).toBe(t.services.clock.now().toISOString());
  });
});
