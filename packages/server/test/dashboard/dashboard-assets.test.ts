import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../helpers/test-app.js';
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

describe('Overview for a new account', () => {
  it('says what to do first, ticks each step as it is done, and goes once all are done', async () => {
    const browser = new DashboardBrowser(t);
    await browser.signUp('new@example.com');
    await browser.get('/dashboard');
    expect(browser.lastPage).toContain('What to do first');
    expect((browser.lastPage.match(/to do<\/span>/g) ?? []).length).toBe(4);
    const accountId = t.services.repos.accounts.findByEmail('new@example.com')?.id ?? '';
    const profile = (await (
      await t.admin('POST', `/accounts/${accountId}/profiles`, { name: 'P' })
    ).json()) as {
      profile_id: string;
    };
    await t.admin('PUT', `/profiles/${profile.profile_id}/networks/linkedin`, {});
    const key = (await (await t.admin('POST', `/accounts/${accountId}/keys`, {})).json()) as {
      api_key: string;
    };
    await browser.get('/dashboard');
    expect((browser.lastPage.match(/to do<\/span>/g) ?? []).length).toBe(1);
    const post = { accountId: profile.profile_id, platform: 'linkedin', content: { text: 'first' } };
    const sent = await t.api('POST', '/api/v2/posts', key.api_key, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ post }),
    });
    expect(sent.status).toBe(200);
    await browser.get('/dashboard');
    expect(browser.lastPage).not.toContain('What to do first');
  });
});

describe('Plan page', () => {
  it("compares every plan's allowance, upload budget and networks from core's rules, marking the person's own", async () => {
    const browser = new DashboardBrowser(t);
    await browser.signUp('plans@example.com', 'long-enough-password', 'beginner');
    await browser.get('/dashboard/plan');
    const rows = browser.lastPage.split('<tr').slice(2);
    expect(rows).toHaveLength(6);
    const row = (plan: string) =>
      rows.find((r) => r.includes(`<th scope="row" data-label="Plan">${plan}`)) ?? '';
    // The clock is at 2026-03-02, before the Free transition: an account made then has 5 a day per profile.
    expect(row('free')).toContain('5 posts a day per profile (UTC)');
    expect(row('free')).toContain('No upload links');
    expect(row('free')).toContain('All but skool');
    expect(row('beginner')).toContain('20 posts a day per profile (UTC)');
    expect(row('beginner')).toContain('2.00 GB');
    expect(row('beginner')).toMatch(/aria-current="true"[\s\S]*\(yours\)/);
    expect(row('skilled')).toContain('No limit');
    expect(row('skilled')).toContain('All nine');
  });
});
