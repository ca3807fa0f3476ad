import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentThroughForms, FormBrowser } from '../../../../test/helpers/form-browser.js';
import {
  ADMIN_TOKEN,
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
let clientId: string;
let apiKey: string;
let fileUrl: string;
beforeAll(async () => {
  server = await startOAuthServer();
  clientId = (await register(server)).body.client_id as string;
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((r) => r.json() as Promise<Record<string, string>>);
  apiKey = (await admin('POST', `/accounts/${server.demoAccountId}/keys`, { name: 'headers' })).api_key ?? '';
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  const file = await admin('POST', `/accounts/${server.demoAccountId}/media`, {
    file_name: 'a.jpg',
    content_base64: jpeg.toString('base64'),
  });
  fileUrl = file.url ?? `${server.url}/files/${file.file_id}/a.jpg`;
});
afterAll(async () => {
  await server.close();
});

/** Inline script, inline style and event-handler attributes, none of which the policy lets run. */
function inlineCode(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*>/gi)) if (!/\bsrc=/.test(match[0])) found.push(match[0]);
  for (const match of html.matchAll(/<[^>]+\s(style|on[a-z]+)=[^>]*>/gi)) found.push(match[0]);
  if (/<style\b/i.test(html)) found.push('<style>');
  if (/javascript:/i.test(html)) found.push('javascript:');
  return found;
}

function expectPageHeaders(response: Response, path: string): void {
  const policy = response.headers.get('content-security-policy') ?? '';
  expect({ path, policy }).toEqual({ path, policy: expect.stringContaining("script-src 'self'") });
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("style-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-inline');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('every dashboard and OAuth page sends a CSP with no inline script, and nosniff', () => {
  it('signed out: sign-in, sign-up, the authorization error page', async () => {
    const browser = new FormBrowser(server.url);
    for (const path of ['/dashboard/sign-in', '/dashboard/sign-up', '/oauth/authorize?client_id=nobody']) {
      const response = await browser.get(path);
      expect(response.status).toBeLessThan(500);
      expectPageHeaders(response, path);
      expect({ path, inline: inlineCode(browser.lastPage) }).toEqual({ path, inline: [] });
    }
  });

  it('signed in: every page of the navigation and the consent page', async () => {
    const browser = new FormBrowser(server.url);
    await browser.get('/dashboard/sign-in');
    await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    const paths = [
      '/dashboard',
      '/dashboard/api-keys',
      '/dashboard/compose',
      '/dashboard/inbox',
      '/dashboard/profiles',
      '/dashboard/scheduled',
      '/dashboard/history',
      '/dashboard/media',
      '/dashboard/connected-apps',
      '/dashboard/plan',
      '/dashboard/clock',
      '/dashboard/settings',
      '/dashboard/analytics',
      authorizationUrl(server, clientId, pkcePair().challenge).replace(
        '/oauth/authorize',
        '/dashboard/consent',
      ),
    ];
    for (const path of paths) {
      const response = await browser.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expectPageHeaders(response, path);
      expect({ path, inline: inlineCode(browser.lastPage) }).toEqual({ path, inline: [] });
    }
  });

  it("the consent form still answers with a redirect to the app's own address (form-action left open)", async () => {
    const back = await consentThroughForms(authorizationUrl(server, clientId, pkcePair().challenge), {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      permission: 'read',
    });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  });
});

describe('API answers and kept files send nosniff', () => {
  it.each([
    ['GET /api/v2/accounts', '/api/v2/accounts', true],
    ['a refused API call', '/api/v2/posts/nope', true],
    ['GET /health', '/health', false],
    ['GET /openapi.yaml', '/openapi.yaml', false],
    ['the dashboard stylesheet', '/dashboard/assets/dashboard.css', false],
    ['the composer script', '/dashboard/assets/composer.js', false],
  ])('%s', async (_name, path, withKey) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: withKey ? { authorization: `Bearer ${apiKey}` } : {},
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a kept file under /files/', async () => {
    const response = await fetch(fileUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
