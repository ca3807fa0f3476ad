import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  closeServerAndBrowser,
  dashboardNav,
  fitsWidth,
  newPage,
  openServerAndBrowser,
  screenshotBothWidths,
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
  // Past the 20-second spacing of the previous test's posts.
  await server.advance(21);
});
afterEach(async () => {
  await context?.close();
});

/** The API's publish body: the post inside `post` (the SDK adds this wrapper). */
const wrap = (post: Record<string, unknown>) => ({ post });
const nav = (name: string) => dashboardNav(page, name);
const nextEmail = () => `user${++accounts}@example.com`;

/** Screenshots at both widths, and the page's structure checked while it is open. */
async function shoot(name: string): Promise<void> {
  expect(await accessibilityProblems(page), `${name}: accessibility`).toEqual([]);
  await screenshotBothWidths(page, name);
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await fitsWidth(page), `${name} fits 360 px`).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('API management', () => {
  it('creates a key shown once, the API accepts it, last used appears, and revoking says scheduled posts stay', async () => {
    await signUpInBrowser(page, nextEmail());
    const apiKey = await createKeyInBrowser(page, 'Staging CI');
    expect(apiKey).toMatch(/^sp_live_/);
    expect(await page.getByText('Copy it now: it cannot be shown again.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copy key' }).isVisible()).toBe(true);
    await shoot('api-keys-created');

    expect((await callApi(server, apiKey, 'GET', '/api/v2/accounts')).status).toBe(200);
    await nav('API management').click();
    expect(await page.getByText(apiKey).count()).toBe(0);
    const row = page.getByRole('row', { name: /Staging CI/ });
    expect(await row.getByRole('cell').nth(3).innerText()).toMatch(/UTC$/);

    await row.getByRole('link', { name: 'Revoke Staging CI' }).click();
    await page.getByRole('heading', { level: 1, name: 'Revoke “Staging CI”?' }).waitFor();
    expect(await page.getByText(/Scheduled posts made with this key stay scheduled/).isVisible()).toBe(true);
    await shoot('api-keys-revoke');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText(/The key was revoked/).waitFor();
    expect(
      await page
        .getByRole('row', { name: /Staging CI/ })
        .getByText(/Revoked/)
        .isVisible(),
    ).toBe(true);
    expect((await callApi(server, apiKey, 'GET', '/api/v2/accounts')).status).toBe(401);
  });

  it('refuses an empty key name beside the field and creates nothing', async () => {
    await signUpInBrowser(page, nextEmail());
    await nav('API management').click();
    await page.getByRole('button', { name: 'Create key' }).click();
    expect(await page.getByLabel('Key name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('No keys yet.').isVisible()).toBe(true);
  });
});

describe('Profiles and networks, History', () => {
  it('connects x, makes it fail with simulate, and History shows the failed post with its error', async () => {
    await signUpInBrowser(page, nextEmail(), { xAddon: true });
    await profileWithNetworks(page, 'Brand', ['x']);
    const apiKey = await createKeyInBrowser(page, 'app');
    const profileId = await firstProfileId(server, apiKey);

    await nav('Profiles').click();
    expect(await page.getByRole('row', { name: /xuser/ }).getByText('Ready').isVisible()).toBe(true);
    await shoot('profiles');
    await page.getByRole('link', { name: 'x settings of Brand' }).click();
    await page.getByRole('heading', { level: 1, name: 'x on Brand' }).waitFor();

    // A typo in the figures JSON is refused beside the field; what was typed stays.
    await page.getByLabel('Outcome').selectOption('failed');
    await page.getByLabel('Error status').fill('403');
    await page.getByLabel('Figures (JSON)').fill('{"views": 12');
    await page.getByRole('button', { name: 'Save behaviour' }).click();
    expect(await page.getByText(/Not valid JSON/).isVisible()).toBe(true);
    expect(await page.getByLabel('Error status').inputValue()).toBe('403');
    expect(await page.getByLabel('Outcome').inputValue()).toBe('failed');

    await page.getByLabel('Figures (JSON)').fill('');
    await page.getByLabel('Error code').fill('x_rejected');
    await page.getByLabel('Error message').fill('Duplicate content');
    await page.getByRole('button', { name: 'Save behaviour' }).click();
    await page.getByText('The simulated behaviour was saved; the next posts use it.').waitFor();
    await shoot('connection');

    const failed = await callApi(
      server,
      apiKey,
      'POST',
      '/api/v2/posts',
      wrap({
        accountId: profileId,
        platform: 'x',
        content: { text: 'This one the network refuses' },
      }),
    );
    expect(failed.status).toBeGreaterThanOrEqual(400);

    await nav('History').click();
    const row = page.getByRole('row', { name: /failed/ });
    expect(await row.getByText(/Duplicate content/).isVisible()).toBe(true);
    await page.getByLabel('Status').selectOption('success');
    await page.getByRole('button', { name: 'Show posts' }).click();
    expect(await page.getByText('No posts match.').isVisible()).toBe(true);
    await page.getByLabel('Status').selectOption('failed');
    await page.getByLabel('Network').selectOption('x');
    await page.getByRole('button', { name: 'Show posts' }).click();
    await shoot('history-failed');
    await page
      .getByRole('row', { name: /failed/ })
      .getByRole('link', { name: /Details of the x post/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'x post' }).waitFor();
    expect(await page.getByText('Duplicate content').first().isVisible()).toBe(true);

    // Back to success, reconnect and disconnect.
    await page.goto(`/dashboard/profiles/${profileId}/networks/x`);
    await page.getByLabel('Outcome').selectOption('success');
    for (const field of ['Error status', 'Error code', 'Error message'])
      await page.getByLabel(field).fill('');
    await page.getByLabel('Figures (JSON)').fill('{"views": 120, "likes": 8}');
    await page.getByRole('button', { name: 'Save behaviour' }).click();
    await page.getByText('The simulated behaviour was saved; the next posts use it.').waitFor();
    await server.advance(21);
    const published = await callApi(
      server,
      apiKey,
      'POST',
      '/api/v2/posts',
      wrap({
        accountId: profileId,
        platform: 'x',
        content: { text: 'This one goes out' },
      }),
    );
    expect(published.status).toBe(200);
    await nav('History').click();
    const success = page.getByRole('row', { name: /success/ });
    expect(await success.getByRole('link', { name: 'Permalink of the x post' }).getAttribute('href')).toMatch(
      /^https?:\/\//,
    );
    expect(await success.getByText(/views 120 · likes 8/).isVisible()).toBe(true);
    expect(await success.getByText(/collected .* UTC/).isVisible()).toBe(true);
    await shoot('history');

    await page.goto(`/dashboard/profiles/${profileId}/networks/x`);
    await page.getByRole('button', { name: 'Mark as reconnect required' }).click();
    expect(await page.getByText('Reconnect required', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Reconnect', exact: true }).click();
    await page.getByText('Signed in again: the connection is ready.').waitFor();
    expect(await page.getByText('Ready', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Disconnect x' }).click();
    await page.getByText('The network was disconnected.').waitFor();
    expect(await page.getByText('No networks connected.').isVisible()).toBe(true);
  });
});

/** An account on a test clock of its own (the Clock page moves only such a clock), signed in. */
async function signInOnTestClock(): Promise<Date> {
  const now = await server.now();
  const clock = await server.admin<{ clock_id: string }>('POST', '/clocks', { now: now.toISOString() });
  const email = nextEmail();
  const created = await server.admin('POST', '/accounts', {
    email,
    password: 'long-enough-password',
    clock_id: clock.body.clock_id,
  });
  expect(created.status).toBe(201);
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('long-enough-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  return now;
}

describe('Scheduled and Clock', () => {
  it('cancels a post scheduled over the API, and moving the clock sends another', async () => {
    const now = await signInOnTestClock();
    await profileWithNetworks(page, 'Shop', ['linkedin']);
    const apiKey = await createKeyInBrowser(page, 'scheduler');
    const profileId = await firstProfileId(server, apiKey);
    const schedule = (text: string, minutes: number) =>
      callApi(
        server,
        apiKey,
        'POST',
        '/api/v2/posts',
        wrap({
          accountId: profileId,
          platform: 'linkedin',
          content: { text },
          scheduledFor: new Date(now.getTime() + minutes * 60_000).toISOString(),
        }),
      );
    expect((await schedule('Cancel me', 180)).status).toBe(202);
    expect((await schedule('Send me', 30)).status).toBe(202);

    await nav('Scheduled').click();
    await page.getByRole('heading', { name: 'Waiting (2)' }).waitFor();
    const calendar = page.getByRole('table', { name: /Waiting scheduled posts per day/ });
    expect(await calendar.getByText(/^\d+ × linkedin$/).count()).toBeGreaterThan(0);
    await shoot('scheduled');
    const due = new Date(now.getTime() + 180 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
    await page.getByRole('button', { name: `Cancel the post due ${due} UTC` }).click();
    await page.getByText('The scheduled post was cancelled; nothing was sent.').waitFor();
    await page.getByRole('heading', { name: 'Waiting (1)' }).waitFor();

    await nav('Clock').click();
    const before = await page
      .getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)
      .first()
      .innerText();
    await page.getByRole('button', { name: '+1 hour' }).click();
    await page.getByText('The clock moved; everything that became due has run.').waitFor();
    const after = await page
      .getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)
      .first()
      .innerText();
    expect(
      new Date(after.replace(' UTC', 'Z')).getTime() - new Date(before.replace(' UTC', 'Z')).getTime(),
    ).toBe(3_600_000);
    await shoot('clock');

    await nav('Scheduled').click();
    await page.getByRole('heading', { name: 'Waiting (0)' }).waitFor();
    await nav('History').click();
    expect(
      await page
        .getByRole('row', { name: /linkedin/ })
        .getByText('success')
        .isVisible(),
    ).toBe(true);

    // Moving backwards is refused beside the field; the time stays.
    await nav('Clock').click();
    await page.getByLabel('Move to (UTC)').fill('2020-01-01T00:00');
    await page.getByRole('button', { name: 'Move to this time' }).click();
    expect(await page.getByText(/The clock cannot move backwards/).isVisible()).toBe(true);
  });
});

describe('Media library', () => {
  it('uploads a file from the browser and the API posts it by file_id; a wrong type is refused beside the field', async () => {
    await signUpInBrowser(page, nextEmail(), { plan: 'beginner' });
    await profileWithNetworks(page, 'Studio', ['linkedin']);
    const apiKey = await createKeyInBrowser(page, 'media');
    const profileId = await firstProfileId(server, apiKey);

    await nav('Media library').click();
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await page.getByRole('button', { name: 'Upload' }).click();
    expect(await page.getByText(/The content of notes.png is not a image\/png file/).isVisible()).toBe(true);
    expect(await page.getByText('The library is empty.').isVisible()).toBe(true);

    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpegBytes(640, 480) });
    await page.getByLabel('Confirm before posting').check();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('The file is in the library and ready to post.').waitFor();
    const row = page.getByRole('row', { name: /photo\.jpg/ });
    expect(await row.getByText('image/jpeg').isVisible()).toBe(true);
    expect(await row.getByText('dashboard').isVisible()).toBe(true);
    const fileId = (await row.locator('code').innerText()).trim();
    await shoot('media');

    // The dashboard upload used none of the daily upload budget.
    await nav('Overview').click();
    const budget = page.getByRole('region', { name: 'Upload budget today' });
    expect(await budget.innerText()).toMatch(/Used\s+0 bytes/);

    const posted = await callApi(
      server,
      apiKey,
      'POST',
      '/api/v2/posts',
      wrap({
        accountId: profileId,
        platform: 'linkedin',
        content: { text: 'With a photo', mediaID: [fileId] },
      }),
    );
    expect(posted.status).toBe(200);
    await nav('History').click();
    expect(
      await page
        .getByRole('row', { name: /linkedin/ })
        .getByText('success')
        .isVisible(),
    ).toBe(true);

    await nav('Media library').click();
    await page.getByRole('button', { name: 'Delete photo.jpg' }).click();
    await page.getByText('The file was deleted.').waitFor();
    expect(await page.getByText('The library is empty.').isVisible()).toBe(true);
  });
});

describe('Plan', () => {
  it('follows the upgrade_url of a refusal to the Plan page and adds the X add-on', async () => {
    await signUpInBrowser(page, nextEmail(), { plan: 'skilled', xAddon: false });
    await profileWithNetworks(page, 'Voice', ['x']);
    const apiKey = await createKeyInBrowser(page, 'x-poster');
    const profileId = await firstProfileId(server, apiKey);
    const post = () =>
      callApi(
        server,
        apiKey,
        'POST',
        '/api/v2/posts',
        wrap({
          accountId: profileId,
          platform: 'x',
          content: { text: 'Hi X' },
        }),
      );

    const refused = await post();
    expect(refused.status).toBe(403);
    const error = refused.body['error'] as { code: string; upgrade_url: string };
    expect(error.code).toBe('plan_required');
    expect(error.upgrade_url).toBe(`${server.url}/dashboard/plan`);

    await page.goto(error.upgrade_url);
    await page.getByRole('heading', { level: 1, name: 'Plan' }).waitFor();
    await shoot('plan');
    await page.getByLabel('Plan', { exact: true }).selectOption('expert');
    await page.getByLabel('X add-on').check();
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText('Your plan is now expert with the X add-on.').waitFor();
    expect((await post()).status).toBe(200);
    await nav('Overview').click();
    expect(await page.getByText(/Posts: 1 of 200/).isVisible()).toBe(true);
    await shoot('overview');
  });
});

describe('keyboard', () => {
  it('signs in with the keyboard alone: skip link first, then Email, Password and Sign in', async () => {
    await page.goto('/dashboard/sign-in');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const focused = async () =>
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
    while ((await focused()) !== 'email') await page.keyboard.press('Tab');
    await page.keyboard.type('demo@example.com');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('password');
    await page.keyboard.type('demo-password');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  });
});

describe('demo account', () => {
  it('signs in with the demo credentials and shows the Overview (README screenshot)', async () => {
    await page.goto('/dashboard/sign-in');
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await page.getByText('Demo Brand').first().isVisible()).toBe(true);
    await shoot('overview-demo');
  });
});
