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
  profileWithNetworks,
  signUpInBrowser,
} from './helpers/dashboard-flows.js';
import type { TestServer } from './helpers/test-server.js';

let visit: OnePersonVisit | undefined;
let server: TestServer;
let page: Page;

beforeAll(async () => {
  visit = await openOnePersonVisit({ acceptDialogs: true });
  ({ server, page } = visit);
}, 120_000);
afterAll(() => closeOnePersonVisit(visit));

const NETWORKS = ['facebook', 'linkedin', 'threads'] as const;
const FIGURES = ['views', 'likes', 'impressions', 'watch_time_seconds'] as const;

interface ApiPost {
  id: string;
  platform: string;
  figures: { metrics: Record<string, number | null>; engagement: number } | null;
}

/** Every succeeded post of the account as GET /posts/{id} answers it (the numbers to match). */
async function apiPosts(apiKey: string): Promise<ApiPost[]> {
  const listed = await callApi(server, apiKey, 'GET', '/api/v2/posts?status=success&limit=100');
  const ids = (listed.body['data'] as { id: string }[]).map((post) => post.id);
  const posts: ApiPost[] = [];
  for (const id of ids)
    posts.push((await callApi(server, apiKey, 'GET', `/api/v2/posts/${id}`)).body as unknown as ApiPost);
  return posts;
}

/** The API's sum of one figure over posts, or "not reported" when none of them reported it. */
function apiTotal(posts: ApiPost[], figure: string): string {
  const values = posts
    .map((post) => post.figures?.metrics[figure] ?? null)
    .filter((v): v is number => v !== null);
  return values.length === 0 ? 'not reported' : values.reduce((a, b) => a + b, 0).toLocaleString('en-US');
}

const text = async (selector: string) => ((await page.locator(selector).textContent()) ?? '').trim();

describe('Analytics in a browser', () => {
  it('after publishing to three networks and three days on its test clock: chart marks, totals equal to the API', async () => {
    await signUpInBrowser(page, 'analytics@example.com');
    await profileWithNetworks(page, 'Bakery', [...NETWORKS]);
    const apiKey = await createKeyInBrowser(page, 'figures');
    await dashboardNav(page, 'Clock').click();
    await page.getByRole('button', { name: 'Start a test clock of my own' }).click();
    await page.getByText('now runs on a test clock of its own').waitFor();

    await dashboardNav(page, 'New post').click();
    for (const network of NETWORKS) await page.getByLabel(network, { exact: true }).check();
    await page.getByLabel('Text').fill('Fresh bread at eight');
    await page.getByRole('button', { name: 'Publish or schedule' }).click();
    await page.getByRole('heading', { name: 'Done' }).waitFor();

    await dashboardNav(page, 'Clock').click();
    for (let day = 0; day < 3; day++) {
      await page.getByRole('button', { name: '+1 day' }).click();
      await page.getByText('The clock moved').waitFor();
    }

    await dashboardNav(page, 'Analytics').click();
    await page.getByRole('heading', { name: 'Views per day, by network' }).waitFor();
    expect(await page.locator('svg.chart rect.mark').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('svg.chart title').first().textContent()).toBe('Views per day, by network');
    expect(await accessibilityProblems(page)).toEqual([]);

    const posts = await apiPosts(apiKey);
    expect(posts.map((post) => post.platform).sort()).toEqual([...NETWORKS]);
    expect(await text('#analytics-summary')).toContain('3 published posts');
    for (const figure of FIGURES) {
      expect(await text(`dl.totals dd[data-figure=${figure}]`), `total ${figure}`).toBe(
        apiTotal(posts, figure),
      );
      for (const network of NETWORKS) {
        const cell = await text(
          `[aria-label="Figures by network"] tr[data-group=${network}] td[data-figure=${figure}]`,
        );
        expect(cell, `${network} ${figure}`).toBe(
          apiTotal(
            posts.filter((p) => p.platform === network),
            figure,
          ),
        );
      }
    }
    // linkedin reports no views: named, never 0; the chart's bars are the networks that report them.
    expect(
      await text('[aria-label="Figures by network"] tr[data-group=linkedin] td[data-figure=views]'),
    ).toBe('not reported');
    const marked = await page
      .locator('svg.chart rect.mark')
      .evaluateAll((rects) => rects.map((r) => r.getAttribute('data-series')));
    expect(new Set(marked)).toEqual(new Set(['facebook', 'threads']));

    const csv = await page.request.get(
      (await page.getByRole('link', { name: 'Download this table as CSV' }).getAttribute('href')) ?? '',
    );
    expect(csv.headers()['content-type']).toContain('text/csv');
    const [header, row] = (await csv.text())
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header?.[0]).toBe('day');
    const views = (network: string) => posts.find((p) => p.platform === network)?.figures?.metrics['views'];
    expect(row?.[header?.indexOf('facebook') ?? -1]).toBe(String(views('facebook')));
    expect(row?.[header?.indexOf('threads') ?? -1]).toBe(String(views('threads')));

    // Filtering by link: one network; the form: another figure.
    await page.getByRole('link', { name: 'Last 7 days' }).click();
    await page.getByLabel('Network', { exact: true }).selectOption('linkedin');
    await page.getByLabel('Figure', { exact: true }).selectOption('impressions');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('heading', { name: 'Impressions per day, by network' }).waitFor();
    expect(await text('dl.totals dd[data-figure=impressions]')).toBe(
      apiTotal(
        posts.filter((p) => p.platform === 'linkedin'),
        'impressions',
      ),
    );
    expect(await page.locator('svg.chart rect.mark[data-series=linkedin]').count()).toBe(1);
    await checkPhoneAndDesktop(page, 'analytics');
  }, 240_000);
});
