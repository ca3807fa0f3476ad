import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectUriRegistered } from '../../src/oauth/redirect-uris.js';
import {
  authorizationUrl,
  type OAuthTestServer,
  pkcePair,
  register,
  startOAuthServer,
} from './oauth-helpers.js';

let server: OAuthTestServer;
beforeAll(async () => {
  server = await startOAuthServer();
});
afterAll(async () => {
  await server.close();
});

describe('loopback redirect URIs match on any port (RFC 8252 section 7.3)', () => {
  it.each([
    ['http://127.0.0.1/callback', 'http://127.0.0.1:53682/callback'],
    ['http://127.0.0.1:9999/callback', 'http://127.0.0.1:53682/callback'],
    ['http://[::1]/callback', 'http://[::1]:40001/callback'],
    ['http://localhost/callback', 'http://localhost:3334/callback'],
    ['http://localhost:80/cb?app=1', 'http://localhost:8080/cb?app=1'],
  ])('registered %s takes %s', (registered, asked) => {
    expect(redirectUriRegistered([registered], asked)).toBe(true);
  });

  it.each([
    ['another loopback name', 'http://127.0.0.1/callback', 'http://localhost:5000/callback'],
    ['another path', 'http://127.0.0.1/callback', 'http://127.0.0.1:5000/callback/x'],
    ['another query', 'http://127.0.0.1/callback', 'http://127.0.0.1:5000/callback?x=1'],
    ['https on loopback', 'http://127.0.0.1/callback', 'https://127.0.0.1:5000/callback'],
    ['a port on an https address', 'https://app.example/cb', 'https://app.example:8443/cb'],
    ['a user name', 'http://127.0.0.1/callback', 'http://me@127.0.0.1:5000/callback'],
    ['a path written another way', 'http://127.0.0.1/callback', 'http://127.0.0.1:5000/x/../callback'],
  ])('refuses %s', (_case, registered, asked) => {
    expect(redirectUriRegistered([registered], asked)).toBe(false);
  });

  it('hands a request with another loopback port to the consent page, and shows a page for another path', async () => {
    const { body } = await register(server, {
      redirect_uris: ['http://127.0.0.1/callback'],
      client_name: 'Native app',
    });
    const clientId = body.client_id as string;
    const { challenge } = pkcePair();
    const ok = await fetch(
      authorizationUrl(server, clientId, challenge, { redirect_uri: 'http://127.0.0.1:61234/callback' }),
      { redirect: 'manual' },
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toMatch(/^\/dashboard\/consent\?/);
    const refused = await fetch(
      authorizationUrl(server, clientId, challenge, { redirect_uri: 'http://127.0.0.1:61234/elsewhere' }),
      { redirect: 'manual' },
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
  }, 30_000);
});

const CONNECTOR_ADDRESSES = [
  '/mcp',
  '/oauth/token',
  '/oauth/register',
  '/oauth/revoke',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-authorization-server',
];

function preflight(path: string, origin: string): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
    },
  });
}

describe('CORS for browser-based MCP clients', () => {
  it.each(CONNECTOR_ADDRESSES)(
    'answers a loopback page’s preflight to %s with 204 and the MCP headers',
    async (path) => {
      const answer = await preflight(path, 'http://localhost:6274');
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
      const allowed = answer.headers.get('access-control-allow-headers') ?? '';
      for (const header of [
        'authorization',
        'content-type',
        'mcp-protocol-version',
        'mcp-session-id',
        'last-event-id',
      ]) {
        expect(allowed).toContain(header);
      }
      const exposed = answer.headers.get('access-control-expose-headers') ?? '';
      expect(exposed).toContain('www-authenticate');
      expect(exposed).toContain('mcp-session-id');
    },
  );

  it.each(CONNECTOR_ADDRESSES)('gives a foreign origin’s preflight to %s no CORS header', async (path) => {
    const answer = await preflight(path, 'https://evil.example');
    expect(answer.status).toBe(204);
    for (const name of [
      'access-control-allow-origin',
      'access-control-allow-headers',
      'access-control-allow-methods',
      'access-control-expose-headers',
    ]) {
      expect(answer.headers.get(name), name).toBeNull();
    }
  });

  it('lets a loopback page read the 401 challenge of /mcp', async () => {
    const answer = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:6274', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:6274');
    expect(answer.headers.get('access-control-expose-headers')).toContain('www-authenticate');
  });
});
