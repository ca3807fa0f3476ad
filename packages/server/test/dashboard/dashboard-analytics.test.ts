import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvText } from '../../src/dashboard/components/csv.js';
import { sendPost } from '../helpers/publishing.js';
import { type TestApp, testApp } from '../helpers/test-app.js';
import { DashboardBrowser } from './dashboard-helpers.js';

let t: TestApp;
let browser: DashboardBrowser;
let accountId: string;
let apiKey: string;
let profileId: string;

beforeEach(async () => {
  t = await testApp();
  browser = new DashboardBrowser(t);
  await browser.signUp('figures@example.com');
  accountId = t.services.repos.accounts.findByEmail('figures@example.com')?.id ?? '';
  apiKey = (
    (await (await t.admin('POST', `/accounts/${accountId}/keys`, { name: 'k' })).json()) as {
      api_key: string;
    }
  ).api_key;
  profileId = (
    (await (await t.admin('POST', `/accounts/${accountId}/profiles`, { name: 'Cafe' })).json()) as {
      profile_id: string;
    }
  ).profile_id;
  // Fixed figures: linkedin reports no views; threads reports views.
  await t.admin('PUT', `/profiles/${profileId}/networks/linkedin`, {
    simulate: { figures: { likes: 4, impressions: 100 } },
  });
  await t.admin('PUT', `/profiles/${profileId}/networks/threads`, {
    simulate: { figures: { views: 50, likes: 6 } },
  });
});
afterEach(() => t.close());

const publish = (platform: string, text: string) =>
  sendPost(t, apiKey, { post: { accountId: profileId, platform, content: { text } } });

describe('Analytics', () => {
  it('totals what the networks reported, names what they did not, and exports the chart’s table', async () => {
    expect((await publish('linkedin', 'Bread')).status).toBe(200);
    await t.admin('POST', '/clock', { advance_seconds: 21 });
    expect((await publish('threads', 'Cake')).status).toBe(200);
    await t.admin('POST', '/clock', { advance_seconds: 7 * 3600 });

    const answer = await browser.get('/dashboard/analytics?days=7&figure=likes');
    expect(answer.status).toBe(200);
    const page = browser.lastPage;
    expect(page).toContain('<dd data-figure="likes">10</dd>');
    expect(page).toMatch(/<dd data-figure="views">50<\/dd>/);
    expect(page).toMatch(/<dd data-figure="saves"><span class="muted">not reported<\/span><\/dd>/);
    expect(page).toMatch(/data-group="linkedin"[\s\S]*?data-figure="views"><span class="muted">not reported/);
    expect(page.match(/<rect class="mark"/g)).toHaveLength(2);

    const csv = await browser.get('/dashboard/analytics.csv?days=7&figure=likes');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('day,threads,linkedin,total');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},6,4,10$/);
  });

  it('names a wrong filter beside its field and shows the last 30 days instead', async () => {
    const cases: Array<[string, string]> = [
      ['figure=followers', 'Choose one of: views'],
      ['network=myspace', 'Choose one of: tiktok'],
      ['from=2026-01-10&to=2026-01-09', 'Give a day on or after the first.'],
      ['from=2026-01-01', 'Give both days.'],
      ['days=12', 'Choose 7, 30 or 90 days'],
      ['profile_id=00000000-0000-4000-8000-000000000000', 'Choose one of your profiles.'],
      // 367 days (one over the limit of 366, which the next case allows).
      ['from=2025-01-01&to=2026-01-02', 'Choose at most 366 days.'],
    ];
    for (const [query, message] of cases) {
      const answer = await browser.get(`/dashboard/analytics?${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(browser.lastPage).toContain(message);
    }
    expect((await browser.get('/dashboard/analytics?from=2025-01-01&to=2026-01-01')).status).toBe(200);
    expect(browser.lastPage).toContain('2025-01-01 to 2026-01-01');
  });

  it('writes CSV a spreadsheet opens as text: quotes doubled, formulas disarmed, numbers kept', () => {
    expect(csvText([['day', 'a "quoted", name', '=SUM(A1)', '-5', '@x']])).toBe(
      `day,"a ""quoted"", name",'=SUM(A1),-5,'@x\r\n`,
    );
  });
});
