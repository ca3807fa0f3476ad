import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_PATHS } from '../../src/oauth/oauth-urls.js';
import { CLOCK_START, type TestApp, testApp } from '../helpers/test-app.js';

// The main app mounts the authorization server through oauth/lazy-oauth.ts: its endpoints are
// imported and built at the first request under /oauth or /.well-known, once. The sweep of unused
// clients is due work registered at start, so it runs with no OAuth request since the start.
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/oauth/mount-oauth.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/oauth/mount-oauth.js')>();
  return {
    ...real,
    mountOAuth: (...args: Parameters<typeof real.mountOAuth>) => {
      built.count += 1;
      return real.mountOAuth(...args);
    },
  };
});

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('the authorization server, built at its first request', () => {
  it('is not built at start or by other requests, and is built once', async () => {
    built.count = 0;
    t = await testApp();
    expect((await t.app.request('/health')).status).toBe(200);
    expect((await t.admin('GET', '/clock')).status).toBe(200);
    expect((await t.app.request('/mcp', { method: 'POST' })).status).toBe(401);
    expect(built.count).toBe(0);
    const answers = await Promise.all([
      t.app.request(OAUTH_PATHS.authorizationServerMetadata),
      t.app.request(OAUTH_PATHS.resourceMetadata),
      t.app.request(OAUTH_PATHS.token, { method: 'GET' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 405]);
    expect(answers[2]?.headers.get('allow')).toBe('POST');
    expect(built.count).toBe(1);
  });

  it('sweeps a client registered and never used, with no OAuth request since the start', async () => {
    built.count = 0;
    t = await testApp();
    t.services.repos.oauthClients.save({
      clientId: 'never-used-client',
      kind: 'registered',
      clientName: 'Old app',
      clientUri: null,
      redirectUris: ['http://127.0.0.1:9999/callback'],
      tokenEndpointAuthMethod: 'none',
      createdAt: CLOCK_START.toISOString(),
      fetchedAt: null,
    });
    const seconds = OAUTH_REGISTRATION_LIMITS.unusedClientRetentionSeconds + 1;
    expect((await t.admin('POST', '/clock', { advance_seconds: seconds })).status).toBe(200);
    expect(t.services.repos.oauthClients.get('never-used-client')).toBeNull();
    expect(built.count).toBe(0);
  });

  it('leaves addresses beside its prefixes to the main app', async () => {
    t = await testApp();
    const beside = await t.app.request('/oauthx');
    expect(beside.status).toBe(404);
    expect(built.count).toBe(0);
  });
});
