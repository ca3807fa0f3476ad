import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthTestServer, REDIRECT_URI, register, startOAuthServer } from './oauth-helpers.js';

let server: OAuthTestServer;
beforeAll(async () => {
  server = await startOAuthServer();
});
afterAll(async () => {
  await server.close();
});

describe('discovery', () => {
  it('serves RFC 9728 protected resource metadata for {base_url}/mcp', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      resource: `${server.url}/mcp`,
      authorization_servers: [server.url],
      scopes_supported: ['socialpub:read', 'socialpub:post'],
      bearer_methods_supported: ['header'],
    });
  });

  it('serves RFC 8414 authorization server metadata: S256 only, public clients, iss, metadata documents', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    expect(await response.json()).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      registration_endpoint: `${server.url}/oauth/register`,
      revocation_endpoint: `${server.url}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('lets a browser-based client on a loopback page read the metadata (CORS)', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth-authorization-server`, {
      headers: { origin: 'http://localhost:6274' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  it('registers a public client and answers its client_id without a secret', async () => {
    const answer = await register(server, {
      redirect_uris: [REDIRECT_URI, 'https://app.example/cb'],
      client_name: 'Claude\u0007 desktop',
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      redirect_uris: [REDIRECT_URI, 'https://app.example/cb'],
      client_name: 'Claude desktop',
      token_endpoint_auth_method: 'none',
    });
    expect(answer.body.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body).not.toHaveProperty('client_secret');
  });

  it.each([
    ['no redirect_uris', {}, 'invalid_redirect_uri', /at least one/],
    ['an empty list', { redirect_uris: [] }, 'invalid_redirect_uri', /at least one/],
    [
      'plain http to another host',
      { redirect_uris: ['http://app.example/cb'] },
      'invalid_redirect_uri',
      /https/,
    ],
    ['a fragment', { redirect_uris: ['https://app.example/cb#x'] }, 'invalid_redirect_uri', /fragment/],
    ['a relative URI', { redirect_uris: ['/cb'] }, 'invalid_redirect_uri', /absolute/],
    ['a javascript: URI', { redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri', /https/],
    [
      'eleven URIs',
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) },
      'invalid_redirect_uri',
      /at most 10/,
    ],
    [
      'the implicit grant',
      { redirect_uris: [REDIRECT_URI], grant_types: ['implicit'] },
      'invalid_client_metadata',
      /grant_types/,
    ],
    [
      'a token response type',
      { redirect_uris: [REDIRECT_URI], response_types: ['token'] },
      'invalid_client_metadata',
      /response_types/,
    ],
    [
      'a numeric client_name',
      { redirect_uris: [REDIRECT_URI], client_name: 5 },
      'invalid_client_metadata',
      /client_name/,
    ],
  ])('refuses %s with %s', async (_name, body, error, message) => {
    const answer = await register(server, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(error);
    expect(answer.body.error_description).toMatch(message);
  });

  it.each([
    ['not JSON', 'application/json', '{nope'],
    ['a JSON array', 'application/json', '[]'],
    ['a form body', 'application/x-www-form-urlencoded', 'redirect_uris=x'],
  ])('refuses %s', async (_name, type, body) => {
    const response = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_client_metadata' });
  });

  it('refuses a body over 16 KB', async () => {
    const response = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT_URI], client_name: 'x'.repeat(20_000) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_client_metadata' });
  });
});

describe('methods', () => {
  it('answers a browser preflight to the token endpoint', async () => {
    const response = await fetch(`${server.url}/oauth/token`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:6274', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it.each([
    ['GET', '/oauth/token', 'POST'],
    ['GET', '/oauth/register', 'POST'],
    ['PUT', '/oauth/revoke', 'POST'],
    ['POST', '/oauth/authorize', 'GET'],
    ['DELETE', '/.well-known/oauth-authorization-server', 'GET'],
  ])('answers %s %s with 405, Allow: %s and an OAuth error', async (method, path, allow) => {
    const response = await fetch(`${server.url}${path}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining(allow),
    });
  });
});
