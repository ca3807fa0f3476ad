import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertPost, insertScheduled } from '../helpers/posts-fixtures.js';
import { addImage } from '../helpers/publishing.js';
import { accountWithProfile, type Fixture, type TestApp, tableCounts, testApp } from '../helpers/test-app.js';
import { DashboardBrowser } from './dashboard-helpers.js';

let t: TestApp;
let browser: DashboardBrowser;
/** The signed-in person's own account, profile and key. */
let own: Fixture;

beforeEach(async () => {
  t = await testApp();
  browser = new DashboardBrowser(t);
  await browser.signUp('owner@example.com');
  const account = t.services.repos.accounts.findByEmail('owner@example.com');
  const profile = (await (
    await t.admin('POST', `/accounts/${account?.id}/profiles`, { name: 'Bakery' })
  ).json()) as {
    profile_id: string;
  };
  own = { accountId: account?.id ?? '', profileId: profile.profile_id, apiKey: '', keyId: '' };
});
afterEach(() => t.close());

/** `n` post records a network accepted, a second apart, each with its text kept as delivered. */
function deliveredPosts(n: number, text: (i: number) => string): string[] {
  const start = t.services.clock.now().getTime() - n * 1000;
  return Array.from({ length: n }, (_, i) =>
    insertPost(t, own, {
      at: new Date(start + i * 1000).toISOString(),
      delivery: { text: text(i), media: [], options: {}, postType: 'text' },
    }),
  );
}

const rowsOf = (page: string) => (page.match(/<tr>/g) ?? []).length - 1;

describe('History', () => {
  it('shows each post with its text, profile and image, and the detail shows the text in full', async () => {
    const fileId = addImage(t, own.accountId);
    const long = `Fresh sourdough every morning. ${'More words. '.repeat(20)}The end.`;
    const id = insertPost(t, own, {
      delivery: {
        text: long,
        media: [
          {
            kind: 'image',
            type: 'image/jpeg',
            size: 10,
            width: null,
            height: null,
            durationSeconds: null,
            fileId,
            url: null,
          },
        ],
        options: {},
        postType: 'image',
      },
    });
    await browser.get('/dashboard/history');
    expect(browser.lastPage).toContain('Fresh sourdough every morning.');
    expect(browser.lastPage).not.toContain('The end.');
    expect(browser.lastPage).toContain('Bakery');
    expect(browser.lastPage).toMatch(new RegExp(`<img src="/files/${fileId}/[^"]+" alt="[^"]+"`));
    await browser.get(`/dashboard/history/${id}`);
    expect(browser.lastPage).toContain('The end.');
  });

  it('pages 60 posts as 50 and 10, newest first, and back to the newest', async () => {
    deliveredPosts(60, (i) => `Post number ${i}.`);
    const first = await browser.get('/dashboard/history');
    expect(first.status).toBe(200);
    expect(rowsOf(browser.lastPage)).toBe(50);
    expect(browser.lastPage).toContain('Post number 59.');
    const older = /href="(\/dashboard\/history\?[^"]*cursor=[^"]+)">Older posts/.exec(browser.lastPage)?.[1];
    expect(older).toBeDefined();
    await browser.get((older ?? '').replaceAll('&amp;', '&'));
    expect(rowsOf(browser.lastPage)).toBe(10);
    expect(browser.lastPage).toContain('Post number 0.');
    expect(browser.lastPage).not.toContain('Older posts');
    expect(browser.lastPage).toContain('Newest posts');
  });

  it('searches the text the networks received, letter case ignored', async () => {
    deliveredPosts(5, (i) => (i % 2 === 0 ? `Cake of the day ${i}` : `Bread of the day ${i}`));
    await browser.get('/dashboard/history?q=CAKE');
    expect(rowsOf(browser.lastPage)).toBe(3);
    expect(browser.lastPage).not.toContain('Bread of the day');
    const tooLong = await browser.get(`/dashboard/history?q=${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(browser.lastPage).toContain('Search for at most 200 characters.');
  });
});

describe('Scheduled', () => {
  const scheduled = (text: string, inSeconds: number) =>
    insertScheduled(t, own, { inSeconds, request: { text, platform: 'x', mediaIds: [], options: {} } });

  it('shows the text, searches it, and opens one day of the calendar', async () => {
    scheduled('Tomorrow: croissants', 86_400);
    scheduled('Next week: baguettes', 7 * 86_400);
    await browser.get('/dashboard/scheduled');
    expect(browser.lastPage).toContain('Tomorrow: croissants');
    expect(browser.lastPage).toContain('Bakery');
    await browser.get('/dashboard/scheduled?q=baguette');
    expect(browser.lastPage).not.toContain('croissants');
    expect(browser.lastPage).toContain('Next week: baguettes');
    // The clock starts 2026-03-02: the calendar marks that day and links the day with a post.
    await browser.get('/dashboard/scheduled');
    expect(browser.lastPage).toMatch(/<td class="today" aria-current="date">/);
    expect(browser.lastPage).toContain('href="/dashboard/scheduled?day=2026-03-03"');
    await browser.get('/dashboard/scheduled?day=2026-03-03');
    expect(browser.lastPage).toContain('Scheduled on 2026-03-03');
    expect(browser.lastPage).toContain('croissants');
    expect(browser.lastPage).not.toContain('baguettes');
    expect((await browser.get('/dashboard/scheduled?day=2026-13-01')).status).toBe(400);
  });

  it('cancels the picked waiting posts and leaves the others', async () => {
    const [a, b, c] = [scheduled('One', 3600), scheduled('Two', 7200), scheduled('Three', 10_800)];
    await browser.get('/dashboard/scheduled');
    const form = new URLSearchParams([
      ['_csrf', browser.csrf()],
      ['id', a],
      ['id', c],
    ]);
    const answer = await browser.request('POST', '/dashboard/scheduled', {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard/scheduled?done=bulk-cancelled');
    const outcome = (id: string) => t.services.repos.scheduledPosts.get(id)?.outcome;
    expect([outcome(a), outcome(b), outcome(c)]).toEqual(['cancelled', 'waiting', 'cancelled']);
  });

  it("cancels nothing of another account's post picked among them, and says which could not be", async () => {
    const other = await accountWithProfile(t, { linkedin: {} });
    const theirs = insertScheduled(t, other, {});
    await browser.get('/dashboard/scheduled');
    const before = tableCounts(t);
    const answer = await browser.post('/dashboard/scheduled', { id: theirs });
    expect(answer.status).toBe(409);
    expect(browser.lastPage).toContain('0 cancelled; 1 could not be');
    expect(t.services.repos.scheduledPosts.get(theirs)?.outcome).toBe('waiting');
    expect(tableCounts(t)).toEqual(before);
    await browser.get('/dashboard/scheduled');
    const none = await browser.post('/dashboard/scheduled', {});
    expect(none.status).toBe(400);
    expect(browser.lastPage).toContain('Pick at least one waiting post to cancel.');
    expect(tableCounts(t)).toEqual(before);
  });
});
