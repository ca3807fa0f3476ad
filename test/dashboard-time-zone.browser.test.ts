import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  checkPhoneAndDesktop,
  closeOnePersonVisit,
  dashboardNav,
  type OnePersonVisit,
  openOnePersonVisit,
} from './helpers/browser.js';
import {
  callApi,
  createKeyInBrowser,
  firstProfileId,
  profileWithNetworks,
  signUpInBrowser,
} from './helpers/dashboard-flows.js';
import type { TestServer } from './helpers/test-server.js';

let visit: OnePersonVisit | undefined;
let server: TestServer;
let page: Page;

beforeAll(async () => {
  // A person in Tokyo (UTC+9 all year): 08:00 UTC is 17:00 there.
  visit = await openOnePersonVisit({
    acceptDialogs: true,
    context: { timezoneId: 'Asia/Tokyo' },
  });
  ({ server, page } = visit);
}, 120_000);
afterAll(() => closeOnePersonVisit(visit));

/** `YYYY-MM-DD` of the day `days` after the server's today (UTC). */
const dayAfter = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe('times in the browser’s zone', () => {
  it('shows a post scheduled at 08:00 UTC as 17:00 in Asia/Tokyo, with UTC on hover, and the composer confirms in that zone', async () => {
    await signUpInBrowser(page, 'tokyo@example.com');
    expect(await page.locator('#time-zone-line').textContent()).toContain('Times in Asia/Tokyo (GMT+9)');
    await profileWithNetworks(page, 'Ramen', ['linkedin', 'threads']);
    const apiKey = await createKeyInBrowser(page, 'tokyo');
    const profileId = await firstProfileId(server, apiKey);
    const now = await server.now();
    const day = dayAfter(now, 2);
    const scheduled = await callApi(server, apiKey, 'POST', '/api/v2/posts', {
      post: {
        accountId: profileId,
        platform: 'linkedin',
        content: { text: 'Ramen at five' },
        scheduledFor: `${day}T08:00:00Z`,
      },
    });
    expect(scheduled.status).toBe(202);

    await dashboardNav(page, 'Scheduled').click();
    const waiting = page.getByRole('region', { name: 'Waiting scheduled posts' });
    const due = waiting.locator('time').first();
    expect(await due.textContent()).toBe(`${day} 17:00 GMT+9`);
    expect(await due.getAttribute('title')).toBe(`${day} 08:00 UTC`);
    expect(await due.getAttribute('datetime')).toBe(`${day}T08:00:00.000Z`);
    // The calendar counts it on its Tokyo day.
    expect(await page.getByRole('link', { name: `Posts due on ${day}` }).count()).toBe(1);
    await checkPhoneAndDesktop(page, 'time-zone-scheduled');

    // The composer reads 17:00 as Tokyo time and confirms it so, with UTC beside it.
    const later = dayAfter(now, 3);
    await dashboardNav(page, 'New post').click();
    await page.getByLabel('threads', { exact: true }).check();
    await page.getByLabel('Text').fill('Ramen again');
    await page.getByLabel('At a date and time').check();
    await page.getByLabel('Date and time', { exact: true }).fill(`${later}T17:00`);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Publish or schedule' }).click();
    await page.getByText(`Scheduled for ${later} 17:00 GMT+9 (${later} 08:00 UTC).`).waitFor();
    const listed = await callApi(server, apiKey, 'GET', '/api/v2/posts?kind=scheduled_post');
    const dueTimes = (listed.body['data'] as { at: string }[]).map((post) => post.at).sort();
    expect(dueTimes).toEqual([`${day}T08:00:00.000Z`, `${later}T08:00:00.000Z`]);

    // A zone chosen in Settings wins over the browser's; back to the browser's afterwards.
    await dashboardNav(page, 'Settings').click();
    await page.getByLabel('Show times in').selectOption('UTC');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await page.getByText('The time zone was saved').waitFor();
    await dashboardNav(page, 'Scheduled').click();
    expect(await waiting.locator('time').first().textContent()).toBe(`${day} 08:00 UTC`);
    await dashboardNav(page, 'Settings').click();
    await page.getByLabel('Show times in').selectOption('');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await dashboardNav(page, 'Scheduled').click();
    expect(await waiting.locator('time').first().textContent()).toBe(`${day} 17:00 GMT+9`);
  }, 240_000);
});
