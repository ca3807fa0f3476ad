import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories, type Repositories } from '../../src/db/repositories.js';
import { hashApiKey, issueApiKey, resolveApiKey } from '../../src/domain/api-keys.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

// An authenticated request finds its key and account in one kept entry (caches/api-key-caller-cache.ts):
// whatever changes the key or the account must be seen by the very next request.

let t: TestApp;
let f: Fixture;

beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t, { x: {} }, { x_addon: true });
});
afterEach(() => t.close());

const dryRunToX = (key: string, profileId: string) =>
  t.api('POST', '/api/v2/posts', key, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ validate: { accountId: profileId, platform: 'x', content: { text: 'hello' } } }),
  });

describe('the caller kept for a key digest', () => {
  it('refuses a key at once after its account is deleted, though the key was just used', async () => {
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
    expect((await t.admin('DELETE', `/accounts/${f.accountId}`)).status).toBe(200);
    const res = await t.api('GET', '/api/v2/accounts', f.apiKey);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it("refuses only the revoked key: the account's other key keeps working", async () => {
    const second = (await (
      await t.admin('POST', `/accounts/${f.accountId}/keys`, { name: 'two' })
    ).json()) as { api_key: string };
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
    expect((await t.api('GET', '/api/v2/accounts', second.api_key)).status).toBe(200);
    expect((await t.admin('DELETE', `/keys/${f.keyId}`)).status).toBe(200);
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(401);
    expect((await t.api('GET', '/api/v2/accounts', second.api_key)).status).toBe(200);
  });

  it('judges the next request by the account as changed, not as it was when the key was last used', async () => {
    const before = (await (await dryRunToX(f.apiKey, f.profileId)).json()) as { would_publish: boolean };
    expect(before.would_publish).toBe(true);
    expect((await t.admin('PATCH', `/accounts/${f.accountId}`, { x_addon: false })).status).toBe(200);
    const after = (await (await dryRunToX(f.apiKey, f.profileId)).json()) as {
      would_publish: boolean;
      reason: { code: string };
    };
    expect(after.would_publish).toBe(false);
    expect(after.reason.code).toBe('plan_required');
  });
});

describe('ApiKeyCallerCache', () => {
  let repos: Repositories;
  beforeEach(() => {
    repos = createRepositories(t.services.db);
  });

  it('gives the same kept caller while nothing changes, and a fresh one after any account write', () => {
    const issued = issueApiKey(repos, t.services.clock, f.accountId, 'unit');
    const first = resolveApiKey(repos, issued.apiKey);
    expect(first?.account.id).toBe(f.accountId);
    expect(resolveApiKey(repos, issued.apiKey)).toBe(first);
    const account = repos.accounts.get(f.accountId);
    if (account === null) throw new Error('account missing');
    repos.accounts.update({ ...account, plan: 'free' });
    const changed = resolveApiKey(repos, issued.apiKey);
    expect(changed).not.toBe(first);
    expect(changed?.account.plan).toBe('free');
    repos.accounts.markDeleting(f.accountId, t.services.clock.now().toISOString());
    expect(resolveApiKey(repos, issued.apiKey)?.account.deletingSince).not.toBeNull();
  });

  it('finds nothing for a revoked key or a digest never issued, and keeps no such miss', () => {
    const issued = issueApiKey(repos, t.services.clock, f.accountId, 'unit');
    expect(repos.apiKeyCallers.find(hashApiKey(issued.apiKey))?.apiKey.id).toBe(issued.record.id);
    repos.apiKeys.revoke(issued.record.id, t.services.clock.now().toISOString());
    expect(repos.apiKeyCallers.find(hashApiKey(issued.apiKey))).toBeNull();
    expect(repos.apiKeyCallers.find(hashApiKey('sp_live_never'))).toBeNull();
    const later = issueApiKey(repos, t.services.clock, f.accountId, 'later');
    expect(resolveApiKey(repos, later.apiKey)?.apiKey.id).toBe(later.record.id);
  });
});
