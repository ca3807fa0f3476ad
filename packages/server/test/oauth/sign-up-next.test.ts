import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FormBrowser } from '../../../../test/helpers/form-browser.js';
import {
  authorizationUrl,
  type OAuthTestServer,
  pkcePair,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from './oauth-helpers.js';

let server: OAuthTestServer;
let clientId: string;
beforeEach(async () => {
  server = await startOAuthServer();
  clientId = (await register(server, { redirect_uris: [REDIRECT_URI], client_name: 'New app' })).body
    .client_id as string;
});
afterEach(async () => {
  await server.close();
});

/** The `href` of the last page's link whose text is `text` (entities decoded as a browser would). */
function linkHref(page: string, text: string): string {
  const match = new RegExp(`<a href="([^"]*)"[^>]*>${text}</a>`).exec(page);
  if (!match?.[1]) throw new Error(`No "${text}" link on the page.`);
  return match[1].replace(/&amp;/g, '&');
}

describe("signing up in the middle of an app's sign-in", () => {
  it('carries next through the Sign up link and form, then continues to the consent page', async () => {
    const browser = new FormBrowser(server.url);
    const request = authorizationUrl(server, clientId, pkcePair().challenge);
    const signIn = await browser.follow(await browser.get(request));
    expect(new URL(signIn.url).pathname).toBe('/dashboard/sign-in');
    const signUpLink = linkHref(browser.lastPage, 'Sign up');
    const next = new URL(signUpLink, server.url).searchParams.get('next') ?? '';
    expect(next.startsWith('/dashboard/consent?')).toBe(true);

    await browser.get(signUpLink);
    expect(browser.formFields('/dashboard/sign-up')).toContainEqual(['next', next]);
    // "Already have an account?" keeps it too.
    expect(new URL(linkHref(browser.lastPage, 'Sign in'), server.url).searchParams.get('next')).toBe(next);
    const created = await browser.post('/dashboard/sign-up', [
      ...browser.formFields('/dashboard/sign-up'),
      ['email', 'newcomer@example.com'],
      ['password', 'long-enough-password'],
      ['plan', 'skilled'],
    ]);
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe(next);
    const consent = await browser.follow(created);
    expect(consent.status).toBe(200);
    expect(browser.lastPage).toContain('action="/dashboard/consent"');
    expect(browser.lastPage).toContain('New app');
  });

  it('refuses a next that leaves the dashboard: the new account lands on the Overview', async () => {
    const browser = new FormBrowser(server.url);
    await browser.get(`/dashboard/sign-up?next=${encodeURIComponent('//evil.example/phish')}`);
    const created = await browser.post('/dashboard/sign-up', [
      ...browser.formFields('/dashboard/sign-up'),
      ['next', 'https://evil.example/phish'],
      ['email', 'careful@example.com'],
      ['password', 'long-enough-password'],
      ['plan', 'skilled'],
    ]);
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/dashboard');
  });
});
