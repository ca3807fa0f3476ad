import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFor,
  type OAuthTestServer,
  pkcePair,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from './oauth-helpers.js';

let server: OAuthTestServer;
let clientId: string;
const { challenge } = pkcePair();

beforeAll(async () => {
  server = await startOAuthServer();
  clientId = (await register(server)).body.client_id as string;
  // Someone consented to it once: its errors may go back to its redirect URI.
  await codeFor(server, clientId, ['socialpub:read'], challenge);
});
afterAll(async () => {
  await server.close();
});

function authorizeParams(change: Record<string, string | null> = {}): URLSearchParams {
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    state: 'st-123',
    scope: 'socialpub:read socialpub:post',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${server.url}/mcp`,
    ...change,
  };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) search.set(name, value);
  return search;
}

async function authorize(params: URLSearchParams): Promise<Response> {
  return fetch(`${server.url}/oauth/authorize?${params}`, { redirect: 'manual' });
}

describe('authorization endpoint', () => {
  it('hands a valid request to the consent page with the same parameters', async () => {
    const params = authorizeParams();
    const response = await authorize(params);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '', server.url);
    expect(location.pathname).toBe('/dashboard/consent');
    expect(Object.fromEntries(location.searchParams)).toEqual(Object.fromEntries(params));
  });

  it.each([
    [
      'an unregistered redirect URI',
      { redirect_uri: 'http://127.0.0.1:9999/evil' },
      /not one the app registered/,
    ],
    [
      'a redirect URI differing only by a trailing slash',
      { redirect_uri: `${REDIRECT_URI}/` },
      /not one the app registered/,
    ],
    ['an unknown client', { client_id: 'who' }, /not registered/],
    ['no client_id', { client_id: null }, /client_id is missing/],
  ])('shows a page (never a redirect) for %s', async (_name, change, message) => {
    const response = await authorize(authorizeParams(change));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const page = await response.text();
    expect(page).toMatch(message);
    expect(page).not.toContain('evil');
  });

  it('shows a page for a parameter sent twice', async () => {
    const params = authorizeParams();
    params.append('redirect_uri', 'http://127.0.0.1:9999/evil');
    const response = await authorize(params);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/more than once/);
  });

  it.each([
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request', /only S256/],
    [
      'no PKCE method (plain by default)',
      { code_challenge_method: null },
      'invalid_request',
      /PKCE is required/,
    ],
    ['no code_challenge', { code_challenge: null }, 'invalid_request', /PKCE is required/],
    ['a malformed challenge', { code_challenge: 'abc' }, 'invalid_request', /43 characters/],
    ['no resource', { resource: null }, 'invalid_target', /resource is missing/],
    ['another resource', { resource: 'https://elsewhere.example/mcp' }, 'invalid_target', /only for/],
    ['the implicit flow', { response_type: 'token' }, 'unsupported_response_type', /code/],
    ['an unknown scope', { scope: 'admin' }, 'invalid_scope', /socialpub:read/],
  ])('sends %s back to the app as %s with state and iss', async (_name, change, error, message) => {
    const response = await authorize(authorizeParams(change));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('error_description')).toMatch(message);
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.get('iss')).toBe(server.url);
    expect(location.searchParams.get('code')).toBeNull();
  });
});
