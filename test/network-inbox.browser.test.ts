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
import {
  callApi,
  createKeyInBrowser,
  firstProfileId,
  profileWithNetworks,
  signUpInBrowser,
} from './helpers/dashboard-flows.js';
import { jpegBytes } from './helpers/media-fixtures.js';
import type { TestServer } from './helpers/test-server.js';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let accounts = 0;

beforeAll(async () => {
  ({ server, browser } = await openServerAndBrowser());
}, 120_000);
afterAll(() => closeServerAndBrowser({ server, browser }));
beforeEach(async () => {
  ({ context, page } = await newPage(browser, server.url, { acceptDialogs: true }));
  await server.advance(21);
});
afterEach(async () => {
  await context?.close();
});

const nav = (name: string) => dashboardNav(page, name);
const nextEmail = () => `inbox${++accounts}@example.com`;

/** The phone and desktop widths the issue names: no sideways scroll, and a screenshot of each kept. */
async function checkWidths(name: string): Promise<void> {
  expect(await accessibilityProblems(page), `${name}: accessibility`).toEqual([]);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await fitsWidth(page), `${name} fits ${width} px`).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A JPEG put in the library through the Media library page; its file id. */
async function libraryImage(name: string): Promise<string> {
  await nav('Media library').click();
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await jpegBytes(640, 480) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('The file is in the library and ready to post.').waitFor();
  return (
    await page
      .getByRole('row', { name: new RegExp(name) })
      .locator('code')
      .innerText()
  ).trim();
}

describe('the network inbox in a browser', () => {
  it('shows a post published through the API with its text and image, and a new one without a reload', async () => {
    await signUpInBrowser(page, nextEmail());
    await profileWithNetworks(page, 'Bakery', ['linkedin', 'instagram']);
    const apiKey = await createKeyInBrowser(page, 'inbox');
    const profileId = await firstProfileId(server, apiKey);
    const fileId = await libraryImage('loaf.jpg');
    const text = 'Fresh loaves at 7, come early';
    const posted = await callApi(server, apiKey, 'POST', '/api/v2/posts', {
      post: { accountId: profileId, platform: 'linkedin', content: { text, mediaID: [fileId] } },
    });
    expect(posted.status).toBe(200);

    await nav('Network inbox').click();
    const card = page.getByRole('article', { name: 'linkedin delivery' });
    await card.waitFor();
    expect(await card.getByText(text).isVisible()).toBe(true);
    const image = card.getByRole('img');
    expect(await image.getAttribute('src')).toContain(`/files/${fileId}/loaf.jpg`);
    // The image really loads (the kept file's public address): its load or error event, not a guess.
    const loadedWidth = await image.evaluate((img: HTMLImageElement) =>
      img.complete
        ? img.naturalWidth
        : new Promise<number>((resolve) => {
            img.addEventListener('load', () => resolve(img.naturalWidth), { once: true });
            img.addEventListener('error', () => resolve(0), { once: true });
          }),
    );
    expect(loadedWidth).toBeGreaterThan(0);

    // The admin API says the same.
    const accountId = (
      (await server.admin('GET', `/requests?limit=50`)).body as {
        data: Array<{ account_id: string | null; path: string }>;
      }
    ).data.find((entry) => entry.path === '/api/v2/posts')?.account_id;
    const listed = await server.admin('GET', `/accounts/${accountId}/deliveries?platform=linkedin`);
    expect(
      (listed.body as { data: Array<{ text: string; media: Array<{ file_id: string }> }> }).data,
    ).toMatchObject([{ text, media: [{ file_id: fileId }] }]);

    // A post published while the page is open appears without a reload.
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    const second = await callApi(server, apiKey, 'POST', '/api/v2/posts', {
      post: {
        accountId: profileId,
        platform: 'instagram',
        content: { text: 'Crumb shot', mediaID: [fileId] },
      },
    });
    expect(second.status).toBe(200);
    await page.getByRole('article', { name: 'instagram delivery' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('status').innerText()).toContain('New deliveries arrived.');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await checkWidths('network-inbox');

    // The post's text and image on History and its detail page.
    await nav('History').click();
    expect(await page.getByText(text).isVisible()).toBe(true);
    await checkWidths('history');
    await page.getByRole('link', { name: /Details of the linkedin post/ }).click();
    expect(await page.getByText(text).isVisible()).toBe(true);
    await checkWidths('post-detail');
  }, 180_000);

  it('searches and pages History with 60 posts, and cancels picked scheduled posts', async () => {
    await signUpInBrowser(page, nextEmail());
    await profileWithNetworks(page, 'Shop', ['linkedin']);
    const apiKey = await createKeyInBrowser(page, 'lists');
    const profileId = await firstProfileId(server, apiKey);
    for (let i = 0; i < 60; i++) {
      const text = i % 10 === 0 ? `Special offer number ${i}` : `Daily note ${i}`;
      const answer = await callApi(server, apiKey, 'POST', '/api/v2/posts', {
        post: { accountId: profileId, platform: 'linkedin', content: { text } },
      });
      expect(answer.status).toBe(200);
      await server.advance(21);
    }
    await nav('History').click();
    const rows = page.getByRole('region', { name: 'Posts' }).getByRole('row');
    expect(await rows.count()).toBe(51);
    await page.getByRole('link', { name: 'Older posts' }).click();
    expect(await rows.count()).toBe(11);
    await page.getByRole('link', { name: 'Newest posts' }).click();
    await page.getByLabel('Text contains').fill('special offer');
    await page.getByRole('button', { name: 'Show posts' }).click();
    expect(await rows.count()).toBe(7);

    const now = await server.now();
    for (const [i, text] of ['Monday special', 'Tuesday special', 'Wednesday special'].entries()) {
      const scheduledFor = new Date(now.getTime() + (i + 1) * 86_400_000).toISOString();
      const answer = await callApi(server, apiKey, 'POST', '/api/v2/posts', {
        post: { accountId: profileId, platform: 'linkedin', content: { text }, scheduledFor },
      });
      expect(answer.status).toBe(202);
    }
    await nav('Scheduled').click();
    expect(await page.getByText('Tuesday special').isVisible()).toBe(true);
    await checkWidths('scheduled');
    await page
      .getByRole('checkbox', { name: /Pick the post due/ })
      .first()
      .check();
    await page
      .getByRole('checkbox', { name: /Pick the post due/ })
      .last()
      .check();
    await page.getByRole('button', { name: 'Cancel picked posts' }).click();
    await page.getByText('The picked scheduled posts were cancelled').waitFor();
    const waiting = page.getByRole('region', { name: 'Waiting scheduled posts' });
    expect(await waiting.getByText('Tuesday special').isVisible()).toBe(true);
    expect(await waiting.getByText('Monday special').count()).toBe(0);
    expect(await waiting.getByText('Wednesday special').count()).toBe(0);
  }, 240_000);
});
