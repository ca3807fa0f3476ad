import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServerAndBrowser, newPage, openServerAndBrowser } from './helpers/browser.js';
import type { TestServer } from './helpers/test-server.js';

let server: TestServer;
let browser: Browser;
let attackerSite: Server | undefined;
beforeAll(async () => {
  ({ server, browser } = await openServerAndBrowser());
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => (attackerSite ? attackerSite.close(() => resolve()) : resolve()));
  await closeServerAndBrowser({ server, browser });
});

const ATTACKER = { email: 'attacker@example.com', password: 'attacker-password' };

/** What the attacker fetches for themselves from the server: a signed-out CSRF cookie and its token. */
async function cookieAndTokenForTheAttacker(): Promise<{ cookie: string; token: string }> {
  const answer = await fetch(`${server.url}/dashboard/sign-in`, { headers: { accept: 'text/html' } });
  const line = answer.headers.getSetCookie().find((one) => one.startsWith('sp_csrf='));
  const token = /name="_csrf" value="([^"]+)"/.exec(await answer.text())?.[1];
  if (!line || !token) throw new Error('The sign-in page set no CSRF cookie or token.');
  return { cookie: line.split(';')[0] ?? '', token };
}

/**
 * The attacker's page on another port of the same host: cookies are not kept apart by port, so it
 * plants the cookie, then sends the sign-in form with the attacker's own e-mail and password.
 */
async function serveAttackerPage(cookie: string, token: string): Promise<string> {
  const html = `<!doctype html><html><body>
<form id="f" method="post" action="${server.url}/dashboard/sign-in">
  <input type="hidden" name="_csrf" value="${token}">
  <input type="hidden" name="email" value="${ATTACKER.email}">
  <input type="hidden" name="password" value="${ATTACKER.password}">
</form>
<script>document.cookie = ${JSON.stringify(`${cookie}; path=/`)}; document.getElementById('f').submit();</script>
</body></html>`;
  attackerSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => attackerSite?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(attackerSite.address() as AddressInfo).port}/`;
}

describe('login CSRF from a page on another port of the same host', () => {
  it('refuses the planted sign-in: the visitor is not signed in as the attacker', async () => {
    await server.admin('POST', '/accounts', ATTACKER);
    const { cookie, token } = await cookieAndTokenForTheAttacker();
    const attackerPage = await serveAttackerPage(cookie, token);

    const { context, page } = await newPage(browser, server.url);
    const landed = page.waitForURL((url) => url.origin === new URL(server.url).origin);
    await page.goto(attackerPage);
    await landed;
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.textContent('body')).toContain('sent from another site');
    expect((await context.cookies(server.url)).map((one) => one.name)).not.toContain('sp_session');
    // The visitor's own dashboard asks them to sign in: no session was started for anyone.
    await page.goto('/dashboard');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    expect(await page.textContent('body')).not.toContain(ATTACKER.email);
    await context.close();
  });
});
