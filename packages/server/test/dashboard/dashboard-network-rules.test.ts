import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendPost } from '../helpers/publishing.js';
import { type TestApp, testApp } from '../helpers/test-app.js';
import { DashboardBrowser } from './dashboard-helpers.js';

let t: TestApp;
let browser: DashboardBrowser;
let profileId = '';
let apiKey = '';

beforeEach(async () => {
  t = await testApp();
  browser = new DashboardBrowser(t);
  await browser.signUp('owner@example.com');
  const accountId = t.services.repos.accounts.findByEmail('owner@example.com')?.id ?? '';
  await t.admin('PATCH', `/accounts/${accountId}`, { x_addon: true });
  apiKey = ((await (await t.admin('POST', `/accounts/${accountId}/keys`, {})).json()) as { api_key: string })
    .api_key;
  profileId = (
    (await (await t.admin('POST', `/accounts/${accountId}/profiles`, { name: 'Bakery' })).json()) as {
      profile_id: string;
    }
  ).profile_id;
  await t.admin('PUT', `/profiles/${profileId}/networks/x`, { username: 'bakery' });
});
afterEach(() => t.close());

const longPost = { post: { accountId: '', platform: 'x', content: { text: 'b'.repeat(290) } } };
const send = () => sendPost(t, apiKey, { post: { ...longPost.post, accountId: profileId } });

describe('network rules in the dashboard', () => {
  it('shows a refused post in History with the network’s own words', async () => {
    const refused = await send();
    expect(refused.status).toBe(400);
    await browser.get('/dashboard/history');
    expect(browser.lastPage).toContain(
      'Your Tweet text is too long. Text length: 290 of 280 weighted characters.',
    );
  });

  it('the composer’s Check says what X refuses, with the count, instead of every check passed', async () => {
    await browser.get('/dashboard/compose');
    const form = new URLSearchParams([
      ['_csrf', browser.csrf()],
      ['profile_id', profileId],
      ['networks', 'x'],
      ['text', `${'漢'.repeat(139)} ${'a'.repeat(137)}`],
      ['when', 'now'],
      ['action', 'check'],
    ]);
    const answer = await browser.request('POST', '/dashboard/compose', {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(400);
    expect(browser.lastPage).toContain(
      'Your Tweet text is too long. Text length: 416 of 280 weighted characters.',
    );
    expect(browser.lastPage).not.toContain('Every check passed');
  });

  it('sets simulate.rules on the connection page, keeps the rest, and refuses a value it does not know', async () => {
    const path = `/dashboard/profiles/${profileId}/networks/x`;
    await browser.get(path);
    expect(browser.lastPage).toContain('name="rules"');
    expect(browser.lastPage).toContain('Lenient: take what the real network refuses');
    const saved = await browser.post(`${path}/simulate`, { rules: 'lenient', latency_ms: '0' });
    expect(saved.status).toBe(303);
    expect(t.services.repos.connections.get(profileId, 'x')?.simulate).toEqual({
      rules: 'lenient',
      latency_ms: 0,
    });
    expect((await send()).status).toBe(200);

    await browser.get(path);
    const wrong = await browser.post(`${path}/simulate`, { rules: 'loose' });
    expect(wrong.status).toBe(400);
    expect(browser.lastPage).toContain('id="rules-error"');
    expect(t.services.repos.connections.get(profileId, 'x')?.simulate).toEqual({
      rules: 'lenient',
      latency_ms: 0,
    });

    await browser.get(path);
    await browser.post(`${path}/simulate`, { rules: '' });
    expect(t.services.repos.connections.get(profileId, 'x')?.simulate).toEqual({});
  });
});
