import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TestApp, testApp } from '../helpers/test-app.js';

// The main app mounts the admin API through admin/lazy-admin.ts: its routes are imported and built
// at the first request under /admin/v1, once, and answer as the main app's own routes did (its 404
// and error answers included).
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/admin/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/admin/index.js')>();
  return {
    ...real,
    adminApp: (...args: Parameters<typeof real.adminApp>) => {
      built.count += 1;
      return real.adminApp(...args);
    },
  };
});

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('the admin API, built at its first request', () => {
  it('is not built at start or by other requests, and is built once', async () => {
    built.count = 0;
    t = await testApp();
    expect((await t.app.request('/health')).status).toBe(200);
    expect((await t.api('GET', '/api/v2/accounts', null)).status).toBe(401);
    expect((await t.app.request('/admin/openapi.yaml')).status).toBe(200);
    expect(built.count).toBe(0);
    const answers = await Promise.all([
      t.admin('POST', '/accounts', {}),
      t.admin('GET', '/clock'),
      t.app.request('/admin/v1/clock'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 401]);
    expect(built.count).toBe(1);
  });

  it('answers an unknown admin address and a refused token with the main app’s JSON answers', async () => {
    t = await testApp();
    const unknown = await t.admin('GET', '/no/such/address');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const refused = await t.app.request('/admin/v1/clock', { headers: { authorization: 'Bearer wrong' } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('is not mounted without an admin token', async () => {
    built.count = 0;
    t = await testApp({ adminToken: undefined });
    expect((await t.app.request('/admin/v1/clock')).status).toBe(404);
    expect(built.count).toBe(0);
  });
});
