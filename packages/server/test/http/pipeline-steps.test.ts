import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

// The pipeline's steps (http/pipeline-steps.ts) do the request log, the key check and armed faults in
// one synchronous pass; these are the orderings it must keep from the separate layers it replaced.

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterEach(() => t.close());

interface Logged {
  path: string;
  status: number;
  error: { code: string } | null;
  account_id: string | null;
}
const logged = async (): Promise<Logged[]> =>
  ((await (await t.admin('GET', '/requests?limit=10')).json()) as { data: Logged[] }).data;

describe('the pipeline steps', () => {
  it('never faults a dashboard page or the browser at /, and keeps the fault for the API', async () => {
    await t.admin('POST', '/faults', { answer: { status: 503, code: 'caller_check_unavailable' } });
    const page = await t.app.request('/dashboard/sign-in', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const root = await t.app.request('/', { headers: { accept: 'text/html' } });
    expect(root.status).toBe(303);
    const read = await t.api('GET', '/api/v2/accounts', f.apiKey);
    expect(read.status).toBe(503);
    expect((await logged()).slice(0, 3)).toEqual([
      expect.objectContaining({
        path: '/api/v2/accounts',
        status: 503,
        error: { code: 'caller_check_unavailable' },
      }),
      expect.objectContaining({ path: '/', status: 303 }),
      expect.objectContaining({ path: '/dashboard/sign-in', status: 200 }),
    ]);
  });

  it('logs a refused key with its code, and takes no fault for it', async () => {
    await t.admin('POST', '/faults', { answer: { status: 503, code: 'caller_check_unavailable' }, times: 1 });
    const refused = await t.api('GET', '/api/v2/accounts', 'sk_not_a_key');
    expect(refused.status).toBe(401);
    expect((await logged())[0]).toMatchObject({
      path: '/api/v2/accounts',
      status: 401,
      error: { code: 'unauthorized' },
      account_id: null,
    });
    // The fault is still armed: the next authenticated request gets it.
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(503);
    expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
  });

  it('logs a connection dropped before the work with status 0 and the caller', async () => {
    await t.admin('POST', '/faults', { match: { path: '/api/v2/accounts' }, answer: 'drop', times: 1 });
    await expect(t.api('GET', '/api/v2/accounts', f.apiKey)).rejects.toThrow();
    expect((await logged())[0]).toMatchObject({
      path: '/api/v2/accounts',
      status: 0,
      account_id: f.accountId,
    });
  });
});
