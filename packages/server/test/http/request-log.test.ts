import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

// Admin `GET /requests` (reference-server.md): each request with its `error.code` and the
// idempotency key the service keyed on, never bodies or secrets.

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterEach(() => t.close());

interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  error: { code: string } | null;
  idempotency_key: string | null;
}

async function lastRequest(): Promise<LoggedRequest | undefined> {
  const res = await t.admin('GET', `/requests?account_id=${f.accountId}&limit=1`);
  return ((await res.json()) as { data: LoggedRequest[] }).data[0];
}

describe('request log', () => {
  it('records the normalised Idempotency-Key the service keyed on, not the raw header', async () => {
    const res = await t.api('POST', '/api/v2/posts', f.apiKey, {
      headers: { 'content-type': 'application/json', 'idempotency-key': '  "order-42"  ' },
      body: JSON.stringify({ post: { accountId: 'nobody', platform: 'x', text: 'secret words' } }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const logged = await lastRequest();
    expect(logged).toMatchObject({ method: 'POST', path: '/api/v2/posts', idempotency_key: 'order-42' });
    expect(JSON.stringify(logged)).not.toContain('secret words');
  });

  it('records the raw header where the idempotency rules do not apply', async () => {
    // Quotes are stripped by the normaliser only, so the raw header is recognisable.
    await t.api('GET', '/api/v2/accounts', f.apiKey, { headers: { 'idempotency-key': '"read-1"' } });
    expect(await lastRequest()).toMatchObject({ status: 200, idempotency_key: '"read-1"' });
  });

  it('records the catalog code of a storage refusal', async () => {
    const res = await t.api('PATCH', '/storage/uploads/00000000-0000-4000-8000-000000000000', null, {
      headers: { 'tus-resumable': '0.2.2' },
    });
    expect(res.status).toBe(412);
    const body = (await res.json()) as { error: { code: string; retry: string; next_step: string } };
    expect(body.error).toMatchObject({ code: 'tus_version_unsupported', retry: 'never' });
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    const all = await t.admin('GET', '/requests?limit=1');
    const [logged] = ((await all.json()) as { data: LoggedRequest[] }).data;
    expect(logged).toMatchObject({ status: 412, error: { code: 'tus_version_unsupported' } });
  });
});
