import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FormBrowser } from '../../../../test/helpers/form-browser.js';
import { dashboardApp } from '../../src/dashboard/index.js';
import { tableCounts } from '../helpers/test-app.js';
import {
  authorizationUrl,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  type OAuthTestServer,
  pkcePair,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from '../oauth/oauth-helpers.js';

let server: OAuthTestServer;
beforeEach(async () => {
  server = await startOAuthServer();
});
afterEach(async () => {
  await server.close();
});

/** A page on another port of the same host: the same site, another origin. */
const foreignOrigin = () => `http://127.0.0.1:${server.running.port + 1}`;

const sessions = () =>
  (
    server.running.socialpub.services.db.prepare('SELECT COUNT(*) AS n FROM dashboard_sessions').get() as {
      n: number;
    }
  ).n;

/** Every POST the dashboard (its OAuth consent page included) routes, with its parameters filled in. */
function everyFormPost(): string[] {
  const paths = dashboardApp(server.running.socialpub.services)
    .routes.filter((route) => route.method === 'POST')
    .map((route) => `/dashboard${route.path.replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000')}`);
  return [...new Set(paths)];
}

describe('a form sent from another origin is refused before anything runs', () => {
  it.each([
    ['a foreign Origin', () => ({ origin: foreignOrigin() })],
    ['Origin: null (a sandboxed or redirected form)', () => ({ origin: 'null' })],
    ['no Origin and Sec-Fetch-Site: cross-site', () => ({ 'sec-fetch-site': 'cross-site' })],
  ])('refuses a sign-in with %s: 403, no session, nothing changed', async (_case, headers) => {
    const browser = new FormBrowser(server.url);
    await browser.get('/dashboard/sign-in');
    const before = tableCounts(server.running.socialpub);
    const answer = await browser.post(
      '/dashboard/sign-in',
      { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      true,
      headers(),
    );
    expect(answer.status).toBe(403);
    expect(browser.cookies.has('sp_session')).toBe(false);
    expect(browser.lastPage).toContain('sent from another site');
    expect(tableCounts(server.running.socialpub)).toEqual(before);
  });

  it("accepts the server's own origin, and a browser that sends neither header", async () => {
    const own = new FormBrowser(server.url);
    await own.get('/dashboard/sign-in');
    const answer = await own.post(
      '/dashboard/sign-in',
      { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      true,
      { origin: server.url, 'sec-fetch-site': 'same-origin' },
    );
    expect(answer.status).toBe(303);
    const plain = new FormBrowser(server.url);
    await plain.get('/dashboard/sign-in');
    expect(
      (await plain.post('/dashboard/sign-in', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status,
    ).toBe(303);
  });

  it('refuses every dashboard and consent form POST of a signed-in person from a foreign origin', async () => {
    const browser = new FormBrowser(server.url);
    await browser.get('/dashboard/sign-in');
    await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await browser.get('/dashboard');
    const token = browser.csrf();
    const paths = everyFormPost();
    expect(paths).toEqual(
      expect.arrayContaining(['/dashboard/sign-out', '/dashboard/consent', '/dashboard/plan']),
    );
    const before = tableCounts(server.running.socialpub);
    for (const path of paths) {
      const answer = await browser.post(path, { _csrf: token, name: 'x' }, false, {
        origin: foreignOrigin(),
      });
      expect(answer.status, path).toBe(403);
      expect(browser.lastPage, path).toContain('sent from another site');
    }
    expect(tableCounts(server.running.socialpub)).toEqual(before);
    expect(sessions()).toBe(1);
    // Still signed in: the refused sign-out ended nothing.
    expect((await browser.get('/dashboard')).status).toBe(200);
  });

  it('refuses a consent sent from a foreign origin: no grant, no redirect to the app', async () => {
    const clientId = (await register(server, { redirect_uris: [REDIRECT_URI] })).body.client_id as string;
    const browser = new FormBrowser(server.url);
    await browser.follow(await browser.get(authorizationUrl(server, clientId, pkcePair().challenge)));
    await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    const fields = browser.formFields('/dashboard/consent');
    const answer = await browser.post(
      '/dashboard/consent',
      [...fields, ['permission', 'post'], ['decision', 'allow']],
      false,
      { origin: foreignOrigin() },
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
    const grants = server.running.socialpub.services.db
      .prepare('SELECT COUNT(*) AS n FROM oauth_grants')
      .get();
    expect(grants).toEqual({ n: 0 });
  });
});
