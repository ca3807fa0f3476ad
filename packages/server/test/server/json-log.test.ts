import { afterEach, expect, it } from 'vitest';
import { DashboardBrowser } from '../dashboard/dashboard-helpers.js';
import { advance } from '../helpers/publishing.js';
import { ADMIN_TOKEN, accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

// SOCIALPUB_LOG=json (reference-server.md): one JSON line per request and per scheduler send on
// stdout, without secrets.

let t: TestApp | undefined;
afterEach(async () => t?.close());

it('writes one JSON line per request and per scheduler send, with no key, token, password or body in any', async () => {
  const lines: string[] = [];
  t = await testApp({ log: 'json', logDestination: { write: (line: string) => lines.push(line) } });
  const f = await accountWithProfile(t, { linkedin: {} });
  const password = 'a-secret-password-42';
  const browser = new DashboardBrowser(t, '203.0.113.77');
  await browser.signUp('logged@example.test', password);
  await browser.get('/dashboard/sign-in');

  const accounts = await t.api('GET', '/api/v2/accounts', f.apiKey);
  expect(accounts.status).toBe(200);
  const body = 'a body that must stay out of the log';
  const scheduledFor = new Date(Date.parse('2026-03-02T10:00:00.000Z') + 3_600_000).toISOString();
  const scheduled = await t.api('POST', '/api/v2/posts', f.apiKey, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      post: { accountId: f.profileId, platform: 'linkedin', content: { text: body }, scheduledFor },
    }),
  });
  expect(scheduled.status).toBe(202);
  const wrongKey = await t.api('GET', '/api/v2/posts', 'sk_live_wrong_key_that_must_not_show');
  expect(wrongKey.status).toBe(401);
  await advance(t, 3_600);
  t.services.events.log?.close();

  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1)).toBe(true);
  const requests = parsed.filter((entry) => entry.msg === 'request');
  expect(requests).toContainEqual(
    expect.objectContaining({
      method: 'GET',
      path: '/api/v2/accounts',
      route: '/api/v2/accounts',
      status: 200,
      account_id: f.accountId,
      client_address: 'local',
      level: 30,
    }),
  );
  expect(requests).toContainEqual(
    expect.objectContaining({ path: '/dashboard/sign-up', method: 'POST', client_address: '203.0.113.77' }),
  );
  expect(requests).toContainEqual(
    expect.objectContaining({ path: '/api/v2/posts', status: 401, error_code: 'unauthorized' }),
  );
  const sends = parsed.filter((entry) => entry.msg === 'scheduled send');
  expect(sends).toEqual([
    expect.objectContaining({
      account_id: f.accountId,
      platforms: ['linkedin'],
      outcome: 'success',
      lag_seconds: 0,
    }),
  ]);
  for (const secret of [
    f.apiKey,
    ADMIN_TOKEN,
    password,
    'sk_live_wrong_key_that_must_not_show',
    body,
    'sp_session',
  ]) {
    expect(lines.join('').includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
  }
});

it('writes nothing without SOCIALPUB_LOG=json', async () => {
  t = await testApp();
  expect(t.services.events.log).toBeNull();
});
