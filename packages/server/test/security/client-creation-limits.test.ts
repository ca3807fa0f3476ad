import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientMetadataFetcher } from '../../src/oauth/client-metadata-document.js';
import {
  advance,
  connectApp,
  type OAuthTestServer,
  pkcePair,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from '../oauth/oauth-helpers.js';

const LIMIT = OAUTH_REGISTRATION_LIMITS.perAddressPerWindow;
const CAP = OAUTH_REGISTRATION_LIMITS.maxUnusedClients;
const RETENTION = OAUTH_REGISTRATION_LIMITS.unusedClientRetentionSeconds;

let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every document names itself (its normalised address) and the test redirect URI. */
const selfNaming = (fetched: string[] = []): ClientMetadataFetcher => {
  return async (url) => {
    fetched.push(url.toString());
    return {
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        client_id: url.toString(),
        client_name: 'Doc app',
        redirect_uris: [REDIRECT_URI],
      }),
    };
  };
};

function clientCount(s: OAuthTestServer): number {
  const db = s.running.socialpub.services.db;
  return (db.prepare('SELECT COUNT(*) AS n FROM oauth_clients').get() as { n: number }).n;
}

function authorizeWith(s: OAuthTestServer, clientId: string): Promise<Response> {
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

describe('every way a client is stored shares one throttle per address', () => {
  it('counts registrations and first metadata documents together, and refuses both once the hour is full', async () => {
    const fetched: string[] = [];
    server = await startOAuthServer({ clientMetadataFetcher: selfNaming(fetched) });
    for (let i = 0; i < LIMIT / 2; i++) expect((await register(server)).status).toBe(201);
    for (let i = 0; i < LIMIT / 2; i++) {
      expect((await authorizeWith(server, `https://apps.example/c/${i}.json`)).status).toBe(302);
    }
    const stored = clientCount(server);
    expect(stored).toBe(LIMIT + 0);

    const registration = await register(server);
    expect(registration.status).toBe(429);
    expect(registration.body.error).toBe('slow_down');
    const page = await authorizeWith(server, 'https://apps.example/c/one-more.json');
    expect(page.status).toBe(429);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('Too many new apps from this address');
    // Refused before the document was asked for, and nothing was stored.
    expect(fetched).not.toContain('https://apps.example/c/one-more.json');
    expect(clientCount(server)).toBe(stored);
    // A client already stored still works.
    expect((await authorizeWith(server, 'https://apps.example/c/0.json')).status).toBe(302);
  });

  it('stores addresses that normalise alike as one client', async () => {
    server = await startOAuthServer({ clientMetadataFetcher: selfNaming() });
    for (const id of [
      'https://apps.example/agent/client.json',
      'https://APPS.example/agent/client.json',
      'https://apps.example:443/agent/client.json',
      'https://apps.example/agent/x/../client.json',
    ]) {
      expect((await authorizeWith(server, id)).status).toBe(302);
    }
    expect(clientCount(server)).toBe(1);
  });
});

describe('clients that never obtained a grant', () => {
  it(`are capped at ${CAP} on the whole server: the next answers 503 temporarily_unavailable with Retry-After`, async () => {
    server = await startOAuthServer({ clientMetadataFetcher: selfNaming() });
    const connected = await connectApp(server);
    const { repos, clock } = server.running.socialpub.services;
    const createdAt = clock.now().toISOString();
    for (let i = 0; i < CAP; i++) {
      repos.oauthClients.save({
        clientId: `flood-${i}`,
        kind: 'registered',
        clientName: null,
        clientUri: null,
        redirectUris: [REDIRECT_URI],
        tokenEndpointAuthMethod: 'none',
        createdAt,
        fetchedAt: null,
      });
    }
    const answer = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT_URI] }),
    });
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: string }).error).toBe('temporarily_unavailable');
    expect(Number(answer.headers.get('retry-after'))).toBe(RETENTION);
    expect((await authorizeWith(server, 'https://apps.example/new.json')).status).toBe(503);
    expect(clientCount(server)).toBe(CAP + 1);
    // The connected app is not one of them and keeps working.
    expect((await authorizeWith(server, connected.clientId)).status).toBe(302);
  });

  it('are removed after 24 hours by the sweep on the clock, with no registration to trigger it', async () => {
    server = await startOAuthServer({ clientMetadataFetcher: selfNaming() });
    const connected = await connectApp(server);
    const unused = (await register(server)).body.client_id as string;
    expect((await authorizeWith(server, 'https://apps.example/doc.json')).status).toBe(302);
    const stored = (id: string) => server?.running.socialpub.services.repos.oauthClients.get(id) !== null;
    await advance(server, RETENTION - 1);
    expect(stored(unused)).toBe(true);
    await advance(server, 1);
    expect(stored(unused)).toBe(false);
    expect(stored('https://apps.example/doc.json')).toBe(false);
    expect(stored(connected.clientId)).toBe(true);
  });
});
