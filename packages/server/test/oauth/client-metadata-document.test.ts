import { afterEach, describe, expect, it } from 'vitest';
import type { ClientMetadataAnswer } from '../../src/oauth/client-metadata-document.js';
import { type OAuthTestServer, pkcePair, REDIRECT_URI, startOAuthServer } from './oauth-helpers.js';

const CLIENT_ID = 'https://app.example/oauth/client.json';
let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function documentAnswer(body: unknown, status = 200): ClientMetadataAnswer {
  return {
    status,
    contentType: 'application/json',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

async function authorizeWith(s: OAuthTestServer, clientId: string): Promise<Response> {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    resource: `${s.url}/mcp`,
  });
  return fetch(`${s.url}/oauth/authorize?${params}`, { redirect: 'manual' });
}

describe('Client ID Metadata Documents', () => {
  it('accepts an https client_id whose document names itself, and reuses it for five minutes', async () => {
    const fetched: string[] = [];
    server = await startOAuthServer({
      clientMetadataFetcher: async (url) => {
        fetched.push(url.toString());
        return documentAnswer({
          client_id: CLIENT_ID,
          client_name: 'Doc app',
          redirect_uris: [REDIRECT_URI],
        });
      },
    });
    expect((await authorizeWith(server, CLIENT_ID)).status).toBe(302);
    expect((await authorizeWith(server, CLIENT_ID)).status).toBe(302);
    expect(fetched).toEqual([CLIENT_ID]);
    await fetch(`${server.url}/admin/v1/clock`, {
      method: 'POST',
      headers: { authorization: 'Bearer oauth-test-admin-token', 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 300 }),
    });
    await authorizeWith(server, CLIENT_ID);
    expect(fetched).toHaveLength(2);
  });

  it.each([
    [
      'names another client_id',
      documentAnswer({ client_id: 'https://evil.example/c.json', redirect_uris: [REDIRECT_URI] }),
      /must equal its own address/,
    ],
    ['is not JSON', documentAnswer('<html>'), /not valid JSON/],
    ['answers 404', documentAnswer({}, 404), /HTTP 404/],
    [
      'carries a client secret',
      documentAnswer({ client_id: CLIENT_ID, redirect_uris: [REDIRECT_URI], client_secret: 'x' }),
      /client_secret/,
    ],
    [
      'lists an http redirect to another host',
      documentAnswer({ client_id: CLIENT_ID, redirect_uris: ['http://evil.example/cb'] }),
      /https/,
    ],
    [
      'is too large',
      documentAnswer({ client_id: CLIENT_ID, redirect_uris: [REDIRECT_URI], pad: 'x'.repeat(6000) }),
      /larger than/,
    ],
  ])('refuses a document that %s, on a page', async (_name, answer, message) => {
    server = await startOAuthServer({ clientMetadataFetcher: async () => answer });
    const response = await authorizeWith(server, CLIENT_ID);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toMatch(message);
  });

  it('fetches through the public-address guard: a client_id on a loopback address is never fetched', async () => {
    server = await startOAuthServer();
    const response = await authorizeWith(server, 'https://127.0.0.1:1/client.json');
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/not a public address/);
  });
});
