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
    // Library files are picked from thumbnails.
    expect(browser.lastPage).toContain(`name="media" value="${fileId}"`);
    expect(browser.lastPage).toContain(`<img src="/files/${fileId}/cake.jpg"`);
  });

  it('offers only the connected networks, each with its own options, and previews with counts on Check', async () => {
    const other = (await (
      await t.admin('POST', `/accounts/${accountId}/profiles`, { name: 'Bakery' })
    ).json()) as {
      profile_id: string;
    };
    for (const platform of ['linkedin', 'youtube']) {
      await t.admin('PUT', `/profiles/${other.profile_id}/networks/${platform}`, ALL_NETWORKS[platform]);
    }
    await browser.get(`/dashboard/compose?profile_id=${other.profile_id}`);
    const page = browser.lastPage;
    expect(page.match(/name="networks" value="[a-z]+"/g)).toEqual([
      'name="networks" value="youtube"',
      'name="networks" value="linkedin"',
    ]);
    expect(page).toContain(
      'Not connected to this profile: tiktok, instagram, facebook, x, pinterest, threads, skool.',
    );
    expect(page.match(/data-for-network="[a-z]+"/g)).toEqual(['data-for-network="youtube"']);
    expect(page).toContain('src="/dashboard/assets/composer.js"');

    const before = tableCounts(t);
    const form = new URLSearchParams([
      ['_csrf', browser.csrf()],
      ['profile_id', other.profile_id],
      ['networks', 'linkedin'],
      ['text', 'x'.repeat(3_001)],
      ['action', 'preview'],
    ]);
    const answer = await browser.request('POST', '/dashboard/compose', {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(200);
    expect(browser.lastPage).toMatch(/aria-label="linkedin preview" data-preview="linkedin">/);
    expect(browser.lastPage).toMatch(/aria-label="youtube preview" data-preview="youtube" hidden=""/);
    expect(browser.lastPage).toContain('Commentary length: 3,001 of 3,000 characters (1 over)');
    expect(tableCounts(t)).toEqual(before);
  });

  it('keeps one post for two networks as one group: one row on Scheduled, cancelled all at once', async () => {
    await compose([
      ['networks', 'linkedin'],
      ['networks', 'threads'],
      ['text', 'Together'],
      ['when', 'later'],
      ['at_local', '2026-03-05T09:00'],
      ['time_zone', 'UTC'],
      ['action', 'send'],
    ]);
    await browser.get('/dashboard/scheduled');
    expect(browser.lastPage).toContain('Waiting (1)');
    const ids = t.services.db
      .prepare('SELECT id FROM scheduled_posts WHERE account_id = ?')
      .pluck()
      .all(accountId) as string[];
    expect(ids).toHaveLength(2);
    const group = t.services.repos.composerGroups.groupsOf(accountId, ids);
    expect(new Set(group.values()).size).toBe(1);
    const answer = await browser.post('/dashboard/scheduled', { what: 'group', id: ids.join(',') });
    expect(answer.headers.get('location')).toBe('/dashboard/scheduled?done=group-cancelled');
    const outcomes = t.services.db
      .prepare('SELECT outcome FROM scheduled_posts WHERE account_id = ?')
      .pluck()
      .all(accountId);
    expect(outcomes).toEqual(['cancelled', 'cancelled']);
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
