import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPhoneAndDesktop,
  closeOnePersonVisit,
  controlsOffScreen,
  dashboardNav,
  type OnePersonVisit,
  openOnePersonVisit,
  PHONE_WIDTH,
} from './helpers/browser.js';
import {
  callApi,
  createKeyInBrowser,
  firstProfileId,
  profileWithNetworks,
  signUpInBrowser,
} from './helpers/dashboard-flows.js';
import { jpegBytes } from './helpers/media-fixtures.js';
import { authorizationForNewApp } from './helpers/oauth-app.js';
import type { TestServer } from './helpers/test-server.js';

let visit: OnePersonVisit | undefined;
let server: TestServer;
let page: Page;

beforeAll(async () => {
  visit = await openOnePersonVisit({ acceptDialogs: true });
  ({ server, page } = visit);
}, 120_000);
afterAll(() => closeOnePersonVisit(visit));

const EMAIL = 'phone@example.com';

describe('every dashboard page on a 390 px phone', () => {
  it('signed out: sign-in, sign-up and the 404 page keep every control on screen', async () => {
    for (const [name, path] of [
      ['sign-in', '/dashboard/sign-in'],
      ['sign-up', '/dashboard/sign-up'],
      ['not-found', '/dashboard/nowhere'],
    ]) {
      await page.goto(path ?? '');
      await checkPhoneAndDesktop(page, `phone-${name}`);
    }
  });

  it('signed in with posts, files, keys and apps: every page keeps every button, link and field within 390 px', async () => {
    await signUpInBrowser(page, EMAIL);
    await profileWithNetworks(page, 'Corner Bakery With A Long Name', ['linkedin', 'threads', 'pinterest']);
    const apiKey = await createKeyInBrowser(page, 'a key with a rather long descriptive name');
    const profileId = await firstProfileId(server, apiKey);
    await dashboardNav(page, 'Media library').click();
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'a-long-file-name-for-the-croissants.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegBytes(640, 480),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('The file is in the library and ready to post.').waitFor();
    const text =
      'Croissants https://example.com/a/very/long/address/that/would/push/a/table/wider/than/a/phone';
    const sent = await callApi(server, apiKey, 'POST', '/api/v2/posts', {
      post: { accountId: profileId, platform: 'linkedin', content: { text } },
    });
    expect(sent.status).toBe(200);
    await server.advance(21);
    const due = new Date((await server.now()).getTime() + 3 * 86_400_000).toISOString();
    const scheduled = await callApi(server, apiKey, 'POST', '/api/v2/posts', {
      post: { accountId: profileId, platform: 'threads', content: { text }, scheduledFor: due },
    });
    expect(scheduled.status).toBe(202);
    const postId = String((sent.body['service'] as { post_id: string }).post_id);
    const scheduledId = String(scheduled.body['scheduled_post_id']);

    const pages: Array<[string, string]> = [
      ['overview', '/dashboard'],
      ['api-keys', '/dashboard/api-keys'],
      ['profiles', '/dashboard/profiles'],
      ['connection', `/dashboard/profiles/${profileId}/networks/linkedin`],
      ['compose', '/dashboard/compose'],
      ['scheduled', '/dashboard/scheduled'],
      ['history', '/dashboard/history'],
      ['post', `/dashboard/history/${postId}`],
      ['scheduled-post', `/dashboard/history/${scheduledId}`],
      ['analytics', '/dashboard/analytics'],
      ['inbox', '/dashboard/inbox'],
      ['media', '/dashboard/media'],
      ['connected-apps', '/dashboard/connected-apps'],
      ['plan', '/dashboard/plan'],
      ['clock', '/dashboard/clock'],
      ['settings', '/dashboard/settings'],
      ['consent', (await authorizationForNewApp(server.url, 'Phone app', 'phone')).authorization.toString()],
    ];
    const keyRevoke = await page.goto('/dashboard/api-keys');
    expect(keyRevoke?.status()).toBe(200);
    const revokeHref = await page
      .getByRole('link', { name: /Revoke/ })
      .first()
      .getAttribute('href');
    if (revokeHref) pages.push(['revoke-key', revokeHref]);

    const problems: string[] = [];
    for (const [name, path] of pages) {
      await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
      const answer = await page.goto(path);
      expect({ name, status: answer?.status() }).toEqual({ name, status: 200 });
      for (const control of await controlsOffScreen(page)) problems.push(`${name}: ${control}`);
      if (problems.length === 0) await checkPhoneAndDesktop(page, `phone-${name}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
