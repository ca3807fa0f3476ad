import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeServerAndBrowser,
  fitsWidth,
  newPage,
  openServerAndBrowser,
  screenshotBothWidths,
} from './helpers/browser.js';
import { APP_REDIRECT_URI, authorizationForNewApp } from './helpers/oauth-app.js';
import type { TestServer } from './helpers/test-server.js';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openServerAndBrowser());
}, 120_000);
afterAll(() => closeServerAndBrowser({ server, browser }));

/** Lists the tools with a bearer token; answers the HTTP status the server gave when refused. */
async function listToolsWith(token: string): Promise<number | 'ok'> {
  const client = new Client({ name: 'browser-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (response.status >= 400) status = response.status;
      return response;
    },
  });
  let status = 0;
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(17);
    return 'ok';
  } catch {
    return status;
  } finally {
    await client.close().catch(() => undefined);
  }
}

describe('connecting an AI app in Chromium', () => {
  it('signs in, consents to Read and post, and Disconnect stops the app at once', async () => {
    const { authorization, verifier, clientId } = await authorizationForNewApp(server.url, 'Browser app');

    const { context, page } = await newPage(browser, server.url);
    // The app's redirect listener: the browser lands there with the code.
    let callback: URL | undefined;
    await page.route(`${new URL(APP_REDIRECT_URI).origin}/**`, (route) => {
      callback = new URL(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Back in the app</h1>' });
    });

    await page.goto(authorization.toString());
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { level: 1, name: 'Connect Browser app' }).waitFor();
    expect(await page.getByText('you will be sent back to 127.0.0.1:9').isVisible()).toBe(true);
    expect(await page.getByLabel('Read and post').isChecked()).toBe(true);
    expect(await page.getByLabel('Read-only').isChecked()).toBe(false);
    await screenshotBothWidths(page, 'consent');
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { name: 'Back in the app' }).waitFor();
    expect(callback?.searchParams.get('state')).toBe('browser-state');
    expect(callback?.searchParams.get('iss')).toBe(server.url);

    const tokens = (await (
      await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: callback?.searchParams.get('code') ?? '',
          code_verifier: verifier,
          redirect_uri: APP_REDIRECT_URI,
          client_id: clientId,
          resource: `${server.url}/mcp`,
        }),
      })
    ).json()) as { access_token: string; scope: string };
    expect(tokens.scope).toBe('socialpub:read socialpub:post');
    expect(await listToolsWith(tokens.access_token)).toBe('ok');

    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Connected apps' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Connected apps' }).waitFor();
    const row = page.getByRole('region', { name: 'Browser app' });
    expect(await row.getByRole('definition').allInnerTexts()).toEqual([
      'Read and post',
      expect.stringMatching(/UTC$/),
      expect.stringMatching(/UTC$/),
    ]);
    await screenshotBothWidths(page, 'connected-apps');
    expect(await fitsWidth(page)).toBe(true);
    await row.getByLabel('also cancel the posts it scheduled').check();
    await row.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Browser app was disconnected').waitFor();
    expect(await page.getByText('No app is connected.').isVisible()).toBe(true);

    expect(await listToolsWith(tokens.access_token)).toBe(401);
    await context.close();
  });
});
