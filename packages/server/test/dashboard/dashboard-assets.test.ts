import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../helpers.js';
import { DashboardBrowser } from './dashboard-helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

describe('dashboard assets', () => {
  it('serves a favicon every page names', async () => {
    const icon = await t.app.request('/dashboard/assets/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const browser = new DashboardBrowser(t);
    await browser.get('/dashboard/sign-in');
    expect(browser.lastPage).toContain(
      '<link rel="icon" href="/dashboard/assets/favicon.svg" type="image/svg+xml"/>',
    );
  });
});
