import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consentThroughForms, FormBrowser } from '../../../../test/helpers/form-browser.js';
import {
  adminJson,
  authorizationUrl,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  type OAuthTestServer,
  pkcePair,
  postForm,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from './oauth-helpers.js';

let server: OAuthTestServer;
let clientId: string;
beforeEach(async () => {
  server = await startOAuthServer();
  clientId = (await register(server, { redirect_uris: [REDIRECT_URI], client_name: 'Pocket <Agent>' })).body
    .client_id as string;
});
afterEach(async () => {
  await server.close();
});

const grantCount = () =>
  server.running.socialpub.services.db.prepare('SELECT count(*) AS n FROM oauth_grants').get() as {
    n: number;
  };

/** Opens the request, signs in as the demo account and stops on the consent page. */
async function openConsent(browser: FormBrowser, url: string, email = DEMO_EMAIL, password = DEMO_PASSWORD) {
  const first = await browser.follow(await browser.get(url));
  expect(new URL(first.url).pathname).toBe('/dashboard/sign-in');
  return browser.signIn(email, password);
}

describe('consent page', () => {
  it('asks to sign in first, then names the app, where it sends you back and the two choices', async () => {
    const browser = new FormBrowser(server.url);
    const page = await openConsent(browser, authorizationUrl(server, clientId, pkcePair().challenge));
    expect(page.status).toBe(200);
    expect(new URL(page.url).pathname).toBe('/dashboard/consent');
    expect(browser.lastPage).toContain('Pocket &lt;Agent&gt;');
    expect(browser.lastPage).toContain('127.0.0.1:9999');
    for (const label of ['Read-only', 'Read and post', 'Allow', 'Cancel'])
      expect(browser.lastPage).toContain(label);
  });

  it('Allow with Read-only sends a code with state and iss; the token carries socialpub:read only', async () => {
    const pkce = pkcePair();
    const back = await consentThroughForms(authorizationUrl(server, clientId, pkce.challenge), {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      permission: 'read',
    });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('app-state-1');
    expect(back.searchParams.get('iss')).toBe(server.url);
    const tokens = await postForm(server, '/oauth/token', {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      code_verifier: pkce.verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
    });
    expect(tokens.body.scope).toBe('socialpub:read');
  });

  it('Cancel returns access_denied to the app and makes no grant', async () => {
    const back = await consentThroughForms(authorizationUrl(server, clientId, pkcePair().challenge), {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      permission: 'post',
      decision: 'cancel',
    });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('app-state-1');
    expect(back.searchParams.get('iss')).toBe(server.url);
    expect(back.searchParams.get('code')).toBeNull();
    expect(grantCount().n).toBe(0);
  });

  it('refuses a forged consent post without the CSRF token: 403 page, no grant, no redirect', async () => {
    const browser = new FormBrowser(server.url);
    await openConsent(browser, authorizationUrl(server, clientId, pkcePair().challenge));
    const fields = browser.formFields('/dashboard/consent').filter(([name]) => name !== '_csrf');
    const answer = await browser.post(
      '/dashboard/consent',
      [...fields, ['permission', 'post'], ['decision', 'allow']],
      false,
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
    expect(browser.lastPage).toMatch(/security token/);
    expect(grantCount().n).toBe(0);
  });

  it("refuses a consent post carrying another session's CSRF token", async () => {
    const other = new FormBrowser(server.url);
    await openConsent(other, authorizationUrl(server, clientId, pkcePair().challenge));
    const browser = new FormBrowser(server.url);
    await openConsent(browser, authorizationUrl(server, clientId, pkcePair().challenge));
    const fields = browser.formFields('/dashboard/consent').filter(([name]) => name !== '_csrf');
    const answer = await browser.post('/dashboard/consent', [
      ...fields,
      ['_csrf', other.csrf()],
      ['permission', 'post'],
      ['decision', 'allow'],
    ]);
    expect(answer.status).toBe(403);
    expect(grantCount().n).toBe(0);
  });

  it('refuses a consent post whose redirect URI was changed in the form, without redirecting', async () => {
    const browser = new FormBrowser(server.url);
    await openConsent(browser, authorizationUrl(server, clientId, pkcePair().challenge));
    const fields = browser
      .formFields('/dashboard/consent')
      .map(([name, value]): [string, string] => [
        name,
        name === 'redirect_uri' ? 'https://evil.example/cb' : value,
      ]);
    const answer = await browser.post('/dashboard/consent', [
      ...fields,
      ['permission', 'post'],
      ['decision', 'allow'],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    expect(grantCount().n).toBe(0);
  });

  it('asks for a permission when none was chosen', async () => {
    const browser = new FormBrowser(server.url);
    await openConsent(browser, authorizationUrl(server, clientId, pkcePair().challenge));
    const answer = await browser.post('/dashboard/consent', [
      ...browser.formFields('/dashboard/consent'),
      ['decision', 'allow'],
    ]);
    expect(answer.status).toBe(400);
    expect(browser.lastPage).toMatch(/Choose Read-only or Read and post/);
    expect(grantCount().n).toBe(0);
  });

  it('tells a Free account plainly that the connector needs a paid plan and makes no grant', async () => {
    await adminJson(server, 'POST', '/accounts', {
      plan: 'free',
      email: 'free@example.com',
      password: 'free-password-1',
    });
    const browser = new FormBrowser(server.url);
    const page = await openConsent(
      browser,
      authorizationUrl(server, clientId, pkcePair().challenge),
      'free@example.com',
      'free-password-1',
    );
    expect(page.status).toBe(403);
    expect(browser.lastPage).toMatch(/needs a paid plan/);
    expect(browser.lastPage).not.toContain('value="allow"');
    // Even a hand-made Allow post is refused.
    const answer = await browser.post('/dashboard/consent', [
      ...browser.formFields('/dashboard/consent'),
      ['permission', 'read'],
      ['decision', 'allow'],
    ]);
    expect(answer.status).toBe(403);
    expect(browser.lastPage).toMatch(/paid plans only/);
    expect(grantCount().n).toBe(0);
  });

  it('sends a Free account’s Cancel back as access_denied naming the plan', async () => {
    await adminJson(server, 'POST', '/accounts', {
      plan: 'free',
      email: 'free2@example.com',
      password: 'free-password-2',
    });
    const browser = new FormBrowser(server.url);
    await openConsent(
      browser,
      authorizationUrl(server, clientId, pkcePair().challenge),
      'free2@example.com',
      'free-password-2',
    );
    const answer = await browser.post('/dashboard/consent', [
      ...browser.formFields('/dashboard/consent'),
      ['decision', 'cancel'],
    ]);
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toMatch(
      /Free plan.*needs a paid plan \(Beginner or higher\)/,
    );
  });

  it('preselects Read and post for a read-only app asking to post, and says it asks to post', async () => {
    await consentThroughForms(authorizationUrl(server, clientId, pkcePair().challenge), {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      permission: 'read',
    });
    const browser = new FormBrowser(server.url);
    await openConsent(browser, authorizationUrl(server, clientId, pkcePair().challenge));
    expect(browser.lastPage).toMatch(/can read your account now and asks to post as well/);
    expect(browser.lastPage).toMatch(/id="permission-post"[^>]*checked/);
    expect(browser.lastPage).not.toMatch(/id="permission-read"[^>]*checked/);
    // Asking for read only: Read-only is preselected and nothing speaks of posting.
    const reader = new FormBrowser(server.url);
    await openConsent(
      reader,
      authorizationUrl(server, clientId, pkcePair().challenge, { scope: 'socialpub:read' }),
    );
    expect(reader.lastPage).toMatch(/asks to read only/);
    expect(reader.lastPage).toMatch(/id="permission-read"[^>]*checked/);
  });
});
