import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  closeServerAndBrowser,
  dashboardNav,
  fitsWidth,
  newPage,
  openServerAndBrowser,
  SCREENSHOT_DIR,
} from './helpers/browser.js';
import { profileWithNetworks, signUpInBrowser } from './helpers/dashboard-flows.js';
import { jpegBytes } from './helpers/media-fixtures.js';
import type { TestServer } from './helpers/test-server.js';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ server, browser } = await openServerAndBrowser());
}, 120_000);
afterAll(() => closeServerAndBrowser({ server, browser }));
beforeEach(async () => {
  // A person an hour east of UTC: the composer shows their time and sends UTC.
  ({ context, page } = await newPage(browser, server.url, {
    acceptDialogs: true,
    context: { timezoneId: 'Europe/Paris' },
  }));
});
afterEach(async () => {
  await context?.close();
});

const nav = (name: string) => dashboardNav(page, name);

describe('the composer in a browser', () => {
  it('schedules a post with a library image for two networks; the clock moves and both reach the inbox', async () => {
    await signUpInBrowser(page, 'composer@example.com');
    await profileWithNetworks(page, 'Cafe', ['linkedin', 'threads']);
    await nav('Media library').click();
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'tart.jpg', mimeType: 'image/jpeg', buffer: await jpegBytes(640, 480) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('The file is in the library and ready to post.').waitFor();

    await nav('New post').click();
    expect(await page.locator('#time-zone-line').textContent()).toContain('Times in Europe/Paris');
    await page.getByLabel('linkedin').check();
    await page.getByLabel('threads').check();
    await page.getByLabel('Text').fill('Apple tart at noon');
    await page.getByLabel('Files from the media library').selectOption({ label: 'tart.jpg (image)' });
    await page.getByLabel('At a date and time').check();
    // Two hours after the server's clock, typed as the person's own wall-clock time.
    const due = new Date((await server.now()).getTime() + 2 * 3600_000);
    const local = await page.evaluate((ms) => {
      const d = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }, due.getTime());
    await page.getByLabel('Date and time', { exact: true }).fill(local);
    expect(await accessibilityProblems(page)).toEqual([]);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await fitsWidth(page), `composer fits ${width} px`).toBe(true);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `composer-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Publish or schedule' }).click();
    await page.getByRole('heading', { name: 'Done' }).waitFor();

    await nav('Scheduled').click();
    const waiting = page.getByRole('region', { name: 'Waiting scheduled posts' });
    // One composer post is one row, with both its networks.
    expect(await waiting.getByText('Apple tart at noon').count()).toBe(1);
    const row = waiting.locator('tr[data-group]');
    expect(await row.locator('.members li').allInnerTexts()).toEqual([
      expect.stringMatching(/linkedin/i),
      expect.stringMatching(/threads/i),
    ]);
    expect(await row.locator('time').textContent()).toMatch(
      new RegExp(`^${local.replace('T', ' ')} GMT\\+[12]$`),
    );

    await server.advance(2 * 3600 + 60);
    await nav('Network inbox').click();
    for (const platform of ['linkedin', 'threads']) {
      const card = page.getByRole('article', { name: `${platform} delivery` });
      await card.waitFor();
      expect(await card.getByText('Apple tart at noon').isVisible()).toBe(true);
      expect(await card.getByRole('img').getAttribute('src')).toContain('/tart.jpg');
    }
  }, 240_000);
});
