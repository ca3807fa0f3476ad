import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;

beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
  // 10:00:15 UTC: 45 seconds to the next minute.
  await t.admin('POST', '/clock', { advance_seconds: 15 });
});
afterEach(() => t.close());

interface LimitBody {
  error: { code: string; limit: number; retry_after_seconds: number };
}

describe('read limits', () => {
  it('refuses the 61st read of a UTC minute with 429 limit 60 and Retry-After, and reads again next minute', async () => {
    for (let i = 0; i < 60; i++) expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
    const refused = await t.api('GET', '/api/v2/accounts', f.apiKey);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    const body = (await refused.json()) as LimitBody;
    expect(body.error).toMatchObject({ code: 'rate_limited', limit: 60, retry_after_seconds: 45 });
    await t.admin('POST', '/clock', { advance_seconds: 45 });
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
  });

  it('counts all keys of an account together', async () => {
    const second = (await (
      await t.admin('POST', `/accounts/${f.accountId}/keys`, { name: 'two' })
    ).json()) as {
      api_key: string;
    };
    for (let i = 0; i < 30; i++) await t.api('GET', '/api/v2/accounts', f.apiKey);
    for (let i = 0; i < 30; i++) await t.api('GET', '/api/v2/accounts', second.api_key);
    expect((await t.api('GET', '/api/v2/accounts', second.api_key)).status).toBe(429);
    const other = await accountWithProfile(t);
    expect((await t.api('GET', '/api/v2/accounts', other.apiKey)).status).toBe(200);
  });

  it('refuses the 11th options read of a minute with limit 10 while other reads still work', async () => {
    const path = `/api/v2/accounts/${f.profileId}/options`;
    for (let i = 0; i < 10; i++) expect((await t.api('GET', path, f.apiKey)).status).toBe(200);
    const refused = await t.api('GET', path, f.apiKey);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as LimitBody).error.limit).toBe(10);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
    await t.admin('POST', '/clock', { advance_seconds: 45 });
    expect((await t.api('GET', path, f.apiKey)).status).toBe(200);
  });

  it('shows the counters in the admin usage', async () => {
    await t.api('GET', '/api/v2/accounts', f.apiKey);
    await t.api('GET', `/api/v2/accounts/${f.profileId}/options`, f.apiKey);
    const account = (await (await t.admin('GET', `/accounts/${f.accountId}`)).json()) as {
      usage: { reads: { reads: number; options_reads: number } };
    };
    expect(account.usage.reads).toMatchObject({ reads: 2, options_reads: 1 });
  });
});
