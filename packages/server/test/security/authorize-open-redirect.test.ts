import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFor,
  type OAuthTestServer,
  pkcePair,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from '../oauth/oauth-helpers.js';

let server: OAuthTestServer;
let clientId: string;
const { challenge } = pkcePair();

beforeAll(async () => {
  server = await startOAuthServer();
  clientId = (await register(server, { redirect_uris: [REDIRECT_URI], client_name: 'One address' })).body
    .client_id as string;
});
afterAll(async () => {
  await server.close();
});

function authorize(params: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
}

describe('authorization errors are redirected only after client_id and redirect_uri were both checked', () => {
  it.each([
    ['an implicit-flow request', { response_type: 'token' }],
    ['a request without PKCE', { response_type: 'code' }],
    [
      'an unknown scope',
      { response_type: 'code', scope: 'admin', code_challenge: challenge, code_challenge_method: 'S256' },
    ],
  ])(
    'shows %s without redirect_uri on a page, even when the client registered one address',
    async (_name, params) => {
      const response = await authorize({ client_id: clientId, state: 's', ...params });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain("The app's sign-in request cannot be answered");
    },
  );

  it('shows the error on a page, never a 302, for a client nobody has consented to', async () => {
    const phish = 'https://evil.example/phish';
    const stranger = (await register(server, { redirect_uris: [phish], client_name: 'Stranger' })).body
      .client_id as string;
    for (const params of <Record<string, string>[]>[
      { response_type: 'token' },
      { response_type: 'code' },
      { response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', scope: 'admin' },
    ]) {
      const response = await authorize({ client_id: stranger, redirect_uri: phish, state: 's', ...params });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain("The app's sign-in request cannot be answered");
    }
  });

  it('still redirects the same error to a consented client when the request named the registered redirect_uri', async () => {
    const { challenge: consented } = pkcePair();
    await codeFor(server, clientId, ['socialpub:read'], consented);
    const response = await authorize({
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'token',
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('still lets a valid request leave redirect_uri out when the client registered exactly one', async () => {
    const response = await authorize({
      client_id: clientId,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${server.url}/mcp`,
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '', server.url).pathname).toBe('/dashboard/consent');
  });
});
