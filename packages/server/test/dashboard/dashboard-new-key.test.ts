import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../helpers/test-app.js';
import { DashboardBrowser } from './dashboard-helpers.js';

let t: TestApp;
let browser: DashboardBrowser;
beforeEach(async () => {
  t = await testApp();
  browser = new DashboardBrowser(t);
  await browser.signUp('keys@example.com');
});
afterEach(() => t.close());

const keyCount = () => (t.services.db.prepare('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;

describe('a new API key on API management', () => {
  it('answers the create with a redirect, shows the key once, and a reload creates and shows none', async () => {
    await browser.get('/dashboard/api-keys');
    const before = keyCount();
    const created = await browser.post('/dashboard/api-keys', { name: 'ci' });
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/dashboard/api-keys');
    const shown = await browser.get('/dashboard/api-keys');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const key = /<code class="secret" id="new-api-key">([^<]+)<\/code>/.exec(browser.lastPage)?.[1]?.trim();
    expect(key).toMatch(/^sp_/);
    expect((await t.api('GET', '/api/v2/accounts', key ?? '')).status).toBe(200);
    await browser.get('/dashboard/api-keys');
    expect(browser.lastPage).not.toContain(key);
    expect(browser.lastPage).not.toContain('Your new key');
    expect(keyCount()).toBe(before + 1);
  });

  it("never shows a key to another person's session", async () => {
    await browser.get('/dashboard/api-keys');
    await browser.post('/dashboard/api-keys', { name: 'mine' });
    const other = new DashboardBrowser(t, '198.51.100.8');
    await other.signUp('someone@example.com');
    await other.get('/dashboard/api-keys');
    expect(other.lastPage).not.toContain('Your new key');
    await browser.get('/dashboard/api-keys');
    expect(browser.lastPage).toContain('Your new key “mine”');
  });
});
