import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clocks/virtual-clock.js';
import { RegistrationThrottle } from '../../src/oauth/registration-throttle.js';
import {
  advance,
  connectApp,
  type OAuthTestServer,
  postForm,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from './oauth-helpers.js';

const LIMIT = OAUTH_REGISTRATION_LIMITS.perAddressPerWindow;
const WINDOW = OAUTH_REGISTRATION_LIMITS.windowSeconds;
const RETENTION = OAUTH_REGISTRATION_LIMITS.unusedClientRetentionSeconds;

function clientCount(server: OAuthTestServer): number {
  const db = server.running.socialpub.services.db;
  return (db.prepare('SELECT COUNT(*) AS n FROM oauth_clients').get() as { n: number }).n;
}

function stored(server: OAuthTestServer, clientId: string): boolean {
  return server.running.socialpub.services.repos.oauthClients.get(clientId) !== null;
}

describe('registration throttle (per source address, virtual clock)', () => {
  let server: OAuthTestServer;
  beforeAll(async () => {
    server = await startOAuthServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it(`registers ${LIMIT} clients an hour from one address, then answers 429 slow_down with Retry-After and stores nothing`, async () => {
    // A refused body stores nothing and is not counted toward the limit.
    expect((await register(server, { redirect_uris: ['not a uri'] })).status).toBe(400);
    for (let i = 0; i < LIMIT; i++) expect((await register(server)).status).toBe(201);
    const before = clientCount(server);

    const response = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT_URI], client_name: 'One too many' }),
    });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, string>;
    expect(body.error).toBe('slow_down');
    expect(body.error_description).toContain(`register again in ${retryAfter} seconds`);
    expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
    expect(clientCount(server)).toBe(before);
  });

  it('accepts registrations again once the oldest leaves the window (clock moved, no sleep)', async () => {
    await advance(server, WINDOW - 60);
    expect((await register(server)).status).toBe(429);
    await advance(server, 61);
    expect((await register(server)).status).toBe(201);
    // The window slides: the other registrations of that first second left it too, so the
    // address may register again, up to the limit.
    expect((await register(server)).status).toBe(201);
  });
});

describe('RegistrationThrottle (tests reach the server from 127.0.0.1 only, so addresses are told apart here)', () => {
  it('counts each address on its own and slides its window on the clock', () => {
    const clock = new VirtualClock(new Date('2026-03-01T10:00:00Z'));
    const throttle = new RegistrationThrottle(clock);
    for (let i = 0; i < LIMIT; i++) {
      expect(throttle.retryAfterSeconds('203.0.113.7')).toBe(0);
      throttle.record('203.0.113.7');
      clock.advance(10);
    }
    // The first registration was LIMIT * 10 seconds ago: it leaves the window that much before the hour.
    expect(throttle.retryAfterSeconds('203.0.113.7')).toBe(WINDOW - LIMIT * 10);
    expect(throttle.retryAfterSeconds('198.51.100.4')).toBe(0);
    clock.advance(WINDOW - LIMIT * 10);
    expect(throttle.retryAfterSeconds('203.0.113.7')).toBe(0);
  });
});

describe('clients that never obtained a grant are removed after the retention period', () => {
  let server: OAuthTestServer;
  beforeAll(async () => {
    server = await startOAuthServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps every client within the period, then removes the unused ones and keeps the granted one', async () => {
    const unused = (await register(server)).body.client_id as string;
    const unusedToo = (await register(server)).body.client_id as string;
    const connected = await connectApp(server);

    await advance(server, RETENTION - 3600);
    const younger = (await register(server)).body.client_id as string;
    expect([unused, unusedToo, connected.clientId, younger].every((id) => stored(server, id))).toBe(true);

    await advance(server, 3601);
    // The sweep runs on registration: both day-old unused clients go, the younger stays.
    expect((await register(server)).status).toBe(201);
    expect(stored(server, unused)).toBe(false);
    expect(stored(server, unusedToo)).toBe(false);
    expect(stored(server, younger)).toBe(true);
    expect(stored(server, connected.clientId)).toBe(true);

    // The granted client still works: its refresh token (30 days) is exchanged.
    const refreshed = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: connected.tokens.refresh_token,
      client_id: connected.clientId,
      resource: `${server.url}/mcp`,
    });
    expect(refreshed.status).toBe(200);
  });

  it('refuses an expired unused client when it is used, before any sweep, saying to register again', async () => {
    const clientId = (await register(server)).body.client_id as string;
    await advance(server, RETENTION + 1);
    const answer = await postForm(server, '/oauth/token', {
      grant_type: 'authorization_code',
      code: 'no-such-code',
      code_verifier: 'v'.repeat(43),
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      resource: `${server.url}/mcp`,
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('invalid_client');
    expect(String(answer.body.error_description)).toContain('register the app again');
    expect(stored(server, clientId)).toBe(false);

    const page = await fetch(
      `${server.url}/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    );
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.status).toBeLessThan(500);
  });
});
