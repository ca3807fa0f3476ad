import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientAddresses, parseTrustProxy, type TrustProxy } from '../../src/http/client-address.js';
import { type RunningServer, startServer } from '../../src/start-server.js';
import { ADMIN_TOKEN, TEST_PASSWORD_WORK_FACTOR } from '../helpers/test-app.js';

// SOCIALPUB_TRUST_PROXY (reference-server.md, "A team's server behind a proxy"): one client address
// per request, from the socket unless a trusted proxy forwarded it, used by every per-address rule
// and recorded in the request log.

const incoming = (remoteAddress: string, forwardedFor?: string) => ({
  socket: { remoteAddress },
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
});

describe('ClientAddresses', () => {
  it('reads the socket only when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const addresses = new ClientAddresses(undefined);
    expect(addresses.of(incoming('127.0.0.1', '203.0.113.9'))).toBe('127.0.0.1');
    expect(addresses.peerIsTrusted(incoming('127.0.0.1'))).toBe(false);
    expect(addresses.of(undefined)).toBe('local');
  });

  it('takes the address the last n hops forwarded with a hop count, never further', () => {
    const one = new ClientAddresses({ hops: 1 });
    // A client's own forged entry stands before the one the proxy appended: only the proxy's counts.
    expect(one.of(incoming('127.0.0.1', '198.51.100.1, 203.0.113.9'))).toBe('203.0.113.9');
    expect(one.of(incoming('127.0.0.1'))).toBe('127.0.0.1');
    const two = new ClientAddresses({ hops: 2 });
    expect(two.of(incoming('127.0.0.1', '198.51.100.1, 203.0.113.9, 10.0.0.2'))).toBe('203.0.113.9');
  });

  it('trusts exactly the listed peers and ranges', () => {
    const listed = new ClientAddresses({ addresses: ['127.0.0.1', '10.0.0.0/8'] });
    expect(listed.of(incoming('127.0.0.1', '203.0.113.9, 10.1.2.3'))).toBe('203.0.113.9');
    // A peer that is not listed speaks only for itself.
    expect(listed.of(incoming('192.0.2.7', '203.0.113.9'))).toBe('192.0.2.7');
    expect(listed.peerIsTrusted(incoming('10.9.9.9'))).toBe(true);
    expect(listed.peerIsTrusted(incoming('192.0.2.7'))).toBe(false);
  });
});

describe('parseTrustProxy', () => {
  it.each<[string, TrustProxy | undefined]>([
    ['', undefined],
    ['1', { hops: 1 }],
    ['32', { hops: 32 }],
    ['127.0.0.1, 10.0.0.0/8,::1', { addresses: ['127.0.0.1', '10.0.0.0/8', '::1'] }],
    ['loopback', { addresses: ['loopback'] }],
  ])('reads %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it.each([
    ['0', /hop count from 1 to 32/],
    ['33', /hop count from 1 to 32/],
    ['127.0.0.1,,10.0.0.1', /empty entry/],
    ['proxy.example', /invalid IP address: proxy\.example/],
    ['10.0.0.0/33', /invalid range/],
  ])('refuses %j with a sentence naming what to give', (raw, message) => {
    expect(() => parseTrustProxy(raw)).toThrow(message);
  });
});

describe('on a real listener', () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  async function start(trustProxy?: TrustProxy): Promise<string> {
    running = await startServer(
      {
        memory: true,
        port: 0,
        host: '127.0.0.1',
        clock: 'virtual',
        adminToken: ADMIN_TOKEN,
        seedDemo: false,
        passwordWorkFactor: TEST_PASSWORD_WORK_FACTOR,
        ...(trustProxy ? { trustProxy } : {}),
      },
      () => undefined,
    );
    return running.url;
  }

  const admin = async (url: string, method: string, path: string, body?: unknown) =>
    fetch(`${url}/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function apiKey(url: string): Promise<string> {
    const account = (await (await admin(url, 'POST', '/accounts', {})).json()) as { account_id: string };
    const key = await admin(url, 'POST', `/accounts/${account.account_id}/keys`, { name: 'ci' });
    return ((await key.json()) as { api_key: string }).api_key;
  }

  async function loggedAddresses(
    url: string,
    count: number,
  ): Promise<Array<[string, string, string | null]>> {
    const answer = await admin(url, 'GET', `/requests?limit=${count}`);
    const { data } = (await answer.json()) as {
      data: Array<{ method: string; path: string; client_address: string | null }>;
    };
    return data.map((row) => [row.method, row.path, row.client_address]);
  }

  /** A request of each kind the pipeline compiles: a read, a publish's body, a 405 no route takes. */
  async function everyPath(url: string, key: string, forwardedFor: string): Promise<void> {
    const headers = { authorization: `Bearer ${key}`, 'x-forwarded-for': forwardedFor };
    expect((await fetch(`${url}/api/v2/accounts`, { headers })).status).toBe(200);
    expect((await fetch(`${url}/api/v2/posts`, { headers })).status).toBe(200);
    const post = await fetch(`${url}/api/v2/posts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(400);
    expect((await fetch(`${url}/api/v2/media/uploads`, { method: 'DELETE', headers })).status).toBe(405);
  }

  it('records the socket address and ignores X-Forwarded-For without SOCIALPUB_TRUST_PROXY', async () => {
    const url = await start();
    await everyPath(url, await apiKey(url), '203.0.113.9');
    expect(await loggedAddresses(url, 4)).toEqual([
      ['DELETE', '/api/v2/media/uploads', '127.0.0.1'],
      ['POST', '/api/v2/posts', '127.0.0.1'],
      ['GET', '/api/v2/posts', '127.0.0.1'],
      ['GET', '/api/v2/accounts', '127.0.0.1'],
    ]);
  });

  it('records the forwarded client on every path when the proxy is trusted', async () => {
    const url = await start({ hops: 1 });
    await everyPath(url, await apiKey(url), '198.51.100.1, 203.0.113.9');
    expect(await loggedAddresses(url, 4)).toEqual([
      ['DELETE', '/api/v2/media/uploads', '203.0.113.9'],
      ['POST', '/api/v2/posts', '203.0.113.9'],
      ['GET', '/api/v2/posts', '203.0.113.9'],
      ['GET', '/api/v2/accounts', '203.0.113.9'],
    ]);
  });

  const register = (url: string, forwardedFor: string) =>
    fetch(`${url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/callback'], client_name: 'App' }),
    });

  it.each([
    ['trusted: one app using its limit leaves another address its own', { hops: 1 }, 201],
    ['untrusted: every client is the proxy, so the second address is refused too', undefined, 429],
  ] as const)('counts client registrations per client address (%s)', async (_name, trust, secondStatus) => {
    const url = await start(trust);
    const limit = OAUTH_REGISTRATION_LIMITS.perAddressPerWindow;
    for (let i = 0; i < limit; i++) expect((await register(url, '203.0.113.9')).status).toBe(201);
    expect((await register(url, '203.0.113.9')).status).toBe(429);
    expect((await register(url, '198.51.100.1')).status).toBe(secondStatus);
  });
});
