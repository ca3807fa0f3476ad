import { countPostText, loadXTextCounting, type Platform } from '@socialpub/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLine } from '../packages/server/src/dashboard/components/count-line.js';
import {
  accessibilityProblems,
  checkPhoneAndDesktop,
  closeOnePersonVisit,
  dashboardNav,
  type OnePersonVisit,
  openOnePersonVisit,
} from './helpers/browser.js';
import { profileWithNetworks, signUpInBrowser } from './helpers/dashboard-flows.js';
import { jpegBytes } from './helpers/media-fixtures.js';
import type { TestServer } from './helpers/test-server.js';

let visit: OnePersonVisit | undefined;
let server: TestServer;
let page: Page;

beforeAll(async () => {
  // A person an hour east of UTC: the composer reads their time and sends UTC.
  visit = await openOnePersonVisit({ acceptDialogs: true, context: { timezoneId: 'Europe/Paris' } });
  ({ server, page } = visit);
  await loadXTextCounting();
}, 120_000);
afterAll(() => closeOnePersonVisit(visit));

const nav = (name: string) => dashboardNav(page, name);
const preview = (platform: string) => page.getByRole('article', { name: `${platform} preview` });

/** What core's counting says for this text on this network, as the page writes it. */
const expectedCounts = (platform: Platform, text: string) =>
  countPostText(platform, { text, options: {} }).map(countLine);

/** The count lines of a network's preview once the script has written them for `text`. */
async function countsShown(platform: Platform, text: string): Promise<string[]> {
  const list = preview(platform).locator('ul.counts li');
  const wanted = expectedCounts(platform, text);
  await expect.poll(() => list.allTextContents(), { timeout: 10_000 }).toEqual(wanted);
  return list.allTextContents();
}

describe('the composer in a browser', () => {
  it('previews each picked network with its counts as the person types, then schedules one post for two networks', async () => {
    await signUpInBrowser(page, 'composer@example.com', { xAddon: true });
    await profileWithNetworks(page, 'Cafe', ['linkedin', 'threads', 'x', 'youtube']);
    await nav('Media library').click();
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'tart.jpg', mimeType: 'image/jpeg', buffer: await jpegBytes(640, 480) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('The file is in the library and ready to post.').waitFor();

    await nav('New post').click();
    expect(await page.locator('#time-zone-line').textContent()).toContain('Times in Europe/Paris');
    // Nothing picked: no preview, no network's options.
    expect(await page.locator('article.preview:visible').count()).toBe(0);
    // The page's script shows and hides the block after each change: wait for that, not a moment.
    const youtubeOptions = page.locator('[data-for-network=youtube]');
    await youtubeOptions.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByLabel('youtube', { exact: true }).check();
    await youtubeOptions.waitFor({ state: 'visible', timeout: 10_000 });
    await page.getByLabel('youtube', { exact: true }).uncheck();
    await youtubeOptions.waitFor({ state: 'hidden', timeout: 10_000 });

    await page.getByLabel('linkedin', { exact: true }).check();
    await page.getByLabel('threads', { exact: true }).check();
    await page.getByLabel('x', { exact: true }).check();
    // An emoji (Threads counts its UTF-8 bytes) and a link (X counts any link as 23).
    const text = 'Apple tart at noon 🍎 https://example.com/menu/this-week/apple-tart-with-cream';
    await page.getByLabel('Text').fill(text);
    for (const platform of ['linkedin', 'threads', 'x'] as const) {
      expect(await countsShown(platform, text), platform).toEqual(expectedCounts(platform, text));
    }
    const [threadsLength] = expectedCounts('threads', text);
    const [linkedinLength] = expectedCounts('linkedin', text);
    expect(threadsLength).not.toBe(linkedinLength?.replace('Commentary', 'Text'));
    expect((await countsShown('x', text))[0]).toMatch(/^Text length: \d+ of 280 weighted characters$/);
    // The cards are redrawn by the server with what was typed, the picked image included.
    await page.getByLabel('tart.jpg').check();
    await expect.poll(() => preview('linkedin').locator('.post-text').textContent()).toBe(text);
    await expect
      .poll(() => preview('threads').locator('img').getAttribute('src'), { timeout: 10_000 })
      .toContain('/tart.jpg');
    expect(await page.locator('article.preview:visible').count()).toBe(3);
    await page.getByLabel('x', { exact: true }).uncheck();
    await preview('x').waitFor({ state: 'hidden', timeout: 10_000 });

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
    await checkPhoneAndDesktop(page, 'composer');
    await page.getByRole('button', { name: 'Publish or schedule' }).click();
    await page.getByRole('heading', { name: 'Done' }).waitFor();
    expect(await page.locator('#results li').allTextContents()).toEqual([
      expect.stringMatching(/linkedin: Scheduled for .* GMT\+1 \(.* UTC\)\./),
      expect.stringMatching(/threads: Scheduled for .* GMT\+1 \(.* UTC\)\./),
    ]);

    await nav('Scheduled').click();
    const waiting = page.getByRole('region', { name: 'Waiting scheduled posts' });
    // One composer post is one row, with both its networks.
    expect(await waiting.getByText(text).count()).toBe(1);
    const row = waiting.locator('tr[data-group]');
    expect(await row.locator('.members li a').allTextContents()).toEqual(['linkedin', 'threads']);
    expect(await row.locator('time').textContent()).toBe(`${local.replace('T', ' ')} GMT+1`);
    await checkPhoneAndDesktop(page, 'scheduled-group');

    await server.advance(2 * 3600 + 60);
    await nav('Network inbox').click();
    for (const platform of ['linkedin', 'threads']) {
      const card = page.getByRole('article', { name: `${platform} delivery` });
      await card.waitFor();
      expect(await card.getByText('Apple tart at noon').isVisible()).toBe(true);
      expect(await card.getByRole('img').getAttribute('src')).toContain('/tart.jpg');
    }
    await nav('History').click();
    const sent = page.getByRole('region', { name: 'Posts' }).locator('tr[data-group]');
    expect(await sent.locator('.members li > a.network-name').allTextContents()).toEqual([
      'linkedin',
      'threads',
    ]);
  }, 300_000);
});
