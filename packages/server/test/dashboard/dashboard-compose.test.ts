import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_NETWORKS, addImage } from '../helpers/publishing.js';
import { accountWithProfile, type TestApp, tableCounts, testApp } from '../helpers/test-app.js';
import { DashboardBrowser } from './dashboard-helpers.js';

let t: TestApp;
let browser: DashboardBrowser;
let accountId: string;
let profileId: string;

beforeEach(async () => {
  t = await testApp();
  browser = new DashboardBrowser(t);
  await browser.signUp('composer@example.com');
  accountId = t.services.repos.accounts.findByEmail('composer@example.com')?.id ?? '';
  const profile = (await (
    await t.admin('POST', `/accounts/${accountId}/profiles`, { name: 'Cafe' })
  ).json()) as {
    profile_id: string;
  };
  profileId = profile.profile_id;
  for (const [platform, body] of Object.entries(ALL_NETWORKS))
    await t.admin('PUT', `/profiles/${profileId}/networks/${platform}`, body);
});
afterEach(() => t.close());

/** Posts the composer form with repeated fields as a browser sends them. */
async function compose(fields: Array<[string, string]>) {
  await browser.get('/dashboard/compose');
  const form = new URLSearchParams([['_csrf', browser.csrf()], ['profile_id', profileId], ...fields]);
  return browser.request('POST', '/dashboard/compose', {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('the composer', () => {
  it('offers the profile’s own options (Pinterest boards, TikTok privacy levels) and its library', async () => {
    const fileId = addImage(t, accountId, { fileName: 'cake.jpg' });
    await browser.get('/dashboard/compose');
    expect(browser.lastPage).toContain('<option value="b1">Board</option>');
    expect(browser.lastPage).toContain('<option value="PUBLIC_TO_EVERYONE">PUBLIC_TO_EVERYONE</option>');
    expect(browser.lastPage).toContain(`<option value="${fileId}">cake.jpg (image)</option>`);
  });

  it('Check lists each refusal in words, sends and records nothing, and keeps what was typed', async () => {
    const before = tableCounts(t);
    const answer = await compose([
      ['networks', 'linkedin'],
      ['networks', 'tiktok'],
      ['text', 'Cake of the day'],
      ['when', 'now'],
      ['action', 'check'],
    ]);
    expect(answer.status).toBe(400);
    expect(browser.lastPage).toMatch(/linkedin<\/strong>: Every check passed; it would go out now\./);
    expect(browser.lastPage).toMatch(/tiktok<\/strong>: [^<]*(video|photo|media)/i);
    expect(browser.lastPage).toContain('Cake of the day</textarea>');
    expect(browser.lastPage).toMatch(/value="tiktok" checked/);
    expect(tableCounts(t)).toEqual(before);
  });

  it('publishes to two networks with a library image through the publishing service, and both reach the inbox', async () => {
    const fileId = addImage(t, accountId, { fileName: 'cake.jpg' });
    const answer = await compose([
      ['networks', 'linkedin'],
      ['networks', 'instagram'],
      ['text', 'Cake of the day'],
      ['media', fileId],
      ['when', 'now'],
      ['action', 'send'],
    ]);
    expect(answer.status).toBe(200);
    const deliveries = t.services.repos.deliveries.list({ accountId, limit: 10 });
    expect(deliveries.map((d) => [d.platform, d.text, d.media[0]?.fileId]).sort()).toEqual([
      ['instagram', 'Cake of the day', fileId],
      ['linkedin', 'Cake of the day', fileId],
    ]);
  });

  it('schedules at the time typed in the zone the form was shown in, and refuses a missing time or no network in words', async () => {
    const answer = await compose([
      ['networks', 'threads'],
      ['text', 'Tomorrow'],
      ['when', 'later'],
      ['at_local', '2026-03-03T11:30'],
      ['time_zone', 'Europe/Paris'],
      ['action', 'send'],
    ]);
    expect(answer.status).toBe(200);
    expect(browser.lastPage).toContain('Scheduled for 2026-03-03 11:30 GMT+1 (2026-03-03 10:30 UTC).');
    const waiting = t.services.db
      .prepare('SELECT at FROM scheduled_posts WHERE account_id = ?')
      .all(accountId) as Array<{ at: string }>;
    expect(waiting).toEqual([{ at: '2026-03-03T10:30:00.000Z' }]);
    const noTime = await compose([
      ['networks', 'threads'],
      ['when', 'later'],
      ['action', 'send'],
    ]);
    expect(noTime.status).toBe(400);
    expect(browser.lastPage).toContain('Give the date and time to publish at, or pick Now.');
    await compose([
      ['text', 'x'],
      ['action', 'send'],
    ]);
    expect(browser.lastPage).toContain('Pick at least one network.');
  });

  it("refuses another account's profile in the API's words and sends nothing", async () => {
    const other = await accountWithProfile(t, { linkedin: {} });
    const before = tableCounts(t);
    await browser.get('/dashboard/compose');
    const form = new URLSearchParams([
      ['_csrf', browser.csrf()],
      ['profile_id', other.profileId],
      ['networks', 'linkedin'],
      ['text', 'not mine'],
      ['action', 'send'],
    ]);
    const answer = await browser.request('POST', '/dashboard/compose', {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(400);
    expect(browser.lastPage).toMatch(/linkedin<\/strong>: [A-Z][^<]+/);
    expect(tableCounts(t)).toEqual(before);
  });
});
