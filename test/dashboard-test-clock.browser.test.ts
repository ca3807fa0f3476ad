import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPhoneAndDesktop,
  closeOnePersonVisit,
  dashboardNav,
  type OnePersonVisit,
  openOnePersonVisit,
} from './helpers/browser.js';
import { profileWithNetworks, signUpInBrowser } from './helpers/dashboard-flows.js';
import type { TestServer } from './helpers/test-server.js';

let visit: OnePersonVisit | undefined;
let server: TestServer;
let page: Page;

beforeAll(async () => {
  visit = await openOnePersonVisit({ acceptDialogs: true });
  ({ server, page } = visit);
}, 120_000);
afterAll(() => closeOnePersonVisit(visit));

const localValue = (date: Date) => date.toISOString().slice(0, 16);

describe('a new sign-up on a test clock of its own', () => {
  it('moves its own clock until its scheduled post publishes; the server’s clock stays; it goes back once that caught up', async () => {
    await signUpInBrowser(page, 'clock@example.com');
    await profileWithNetworks(page, 'Studio', ['threads']);
    const serverBefore = await server.now();
    const due = new Date(serverBefore.getTime() + 3 * 3600_000);

    await dashboardNav(page, 'New post').click();
    await page.getByLabel('threads', { exact: true }).check();
    await page.getByLabel('Text').fill('Open studio at three');
    await page.getByLabel('At a date and time').check();
    await page.getByLabel('Date and time', { exact: true }).fill(localValue(due));
    await page.getByRole('button', { name: 'Publish or schedule' }).click();
    await page.getByRole('heading', { name: 'Done' }).waitFor();

    await dashboardNav(page, 'Clock').click();
    await page.getByRole('button', { name: 'Start a test clock of my own' }).click();
    await page.getByText('now runs on a test clock of its own').waitFor();
    await dashboardNav(page, 'Overview').click();
    expect(await page.locator('#test-clock-notice').textContent()).toContain(
      'runs on a test clock of its own',
    );

    await dashboardNav(page, 'Clock').click();
    for (let hour = 0; hour < 3; hour++) {
      await page.getByRole('button', { name: '+1 hour' }).click();
      await page.getByText('The clock moved').waitFor();
    }
    expect(await page.getByRole('button', { name: 'Go back to the server’s clock' }).count()).toBe(0);
    await page.getByLabel(/^Move to/).fill(localValue(new Date(due.getTime() + 60_000)));
    await page.getByRole('button', { name: 'Move to this time' }).click();
    await page.getByText('The clock moved').waitFor();
    await checkPhoneAndDesktop(page, 'test-clock');

    await dashboardNav(page, 'History').click();
    const posts = page.getByRole('region', { name: 'Posts' });
    expect(await posts.getByText('Open studio at three').count()).toBe(1);
    expect(await posts.locator('.badge.good').textContent()).toBe('success');
    await dashboardNav(page, 'Scheduled').click();
    expect(await page.getByRole('heading', { name: 'Waiting (0)' }).count()).toBe(1);
    // Only this account's clock moved.
    expect((await server.now()).toISOString()).toBe(serverBefore.toISOString());

    // Once the server's clock has caught up, the account can join it again.
    await server.advance(3 * 3600 + 120);
    await dashboardNav(page, 'Clock').click();
    await page.getByRole('button', { name: 'Go back to the server’s clock' }).click();
    await page.getByText('back on the server’s clock').waitFor();
    await dashboardNav(page, 'Overview').click();
    expect(await page.locator('#test-clock-notice').count()).toBe(0);
  }, 240_000);
});
