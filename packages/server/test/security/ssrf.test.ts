import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAddressAllowed, parseImportAllow } from '../../src/domain/media/address-policy.js';
import { filteringAgent } from '../../src/domain/media/safe-fetch.js';
import { type FileServer, standardFixtures, startFileServer } from '../helpers/media-import-server.js';
import {
  accountWithProfile,
  type Fixture,
  ROOMY_IMPORT_WINDOWS,
  type TestApp,
  testApp,
} from '../helpers/test-app.js';

let target: FileServer;
let relay: FileServer;
let t: TestApp;
let account: Fixture;

beforeAll(async () => {
  const fixtures = await standardFixtures();
  target = await startFileServer(fixtures, '127.0.0.1');
  // A second loopback address stands in for a public host that redirects somewhere private.
  relay = await startFileServer(fixtures, '127.0.0.2');
});
afterAll(async () => {
  await target.close();
  await relay.close();
});

async function importUrl(url: string) {
  const res = await t.api('POST', '/api/v2/media', account.apiKey, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe('URL imports reach only public addresses', () => {
  beforeEach(async () => {
    t = await testApp({ media: ROOMY_IMPORT_WINDOWS });
    account = await accountWithProfile(t, {});
    target.seen.length = 0;
    return () => t.close();
  });

  const port = () => target.port;
  it.each([
    ['loopback', () => `http://127.0.0.1:${port()}/photo.jpg`],
    ['decimal loopback', () => `http://2130706433:${port()}/photo.jpg`],
    ['hex loopback', () => `http://0x7f000001:${port()}/photo.jpg`],
    ['octal loopback', () => `http://017700000001:${port()}/photo.jpg`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port()}/photo.jpg`],
    ['IPv6 loopback', () => `http://[::1]:${port()}/photo.jpg`],
    ['localhost', () => `http://localhost:${port()}/photo.jpg`],
    ['unspecified', () => `http://0.0.0.0:${port()}/photo.jpg`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data'],
    ['IPv6 metadata', () => 'http://[fd00:ec2::254]/latest/meta-data'],
    ['private 10/8', () => 'http://10.0.0.1/photo.jpg'],
    ['private 192.168/16', () => 'http://192.168.1.10/photo.jpg'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/photo.jpg'],
    ['multicast', () => 'http://224.0.0.1/photo.jpg'],
  ])('refuses %s before connecting (400 invalid_url)', async (_name, url) => {
    // No socket is even asked to connect, so nothing waits for a connection attempt to time out.
    const connects = vi.spyOn(net.Socket.prototype, 'connect');
    const { res, body } = await importUrl(url()).finally(() => connects.mockRestore());
    expect(res.status).toBe(400);
    expect(body['code']).toBe('invalid_url');
    expect(String(body['error'])).toMatch(/not a public address/);
    expect(target.seen).toHaveLength(0);
    expect(connects).not.toHaveBeenCalled();
    expect(t.services.db.prepare('SELECT COUNT(*) AS n FROM media_files').get()).toEqual({ n: 0 });
  });
});

describe('redirects are checked like the first address', () => {
  beforeEach(async () => {
    t = await testApp({ importAllow: ['127.0.0.2'], media: ROOMY_IMPORT_WINDOWS });
    account = await accountWithProfile(t, {});
    target.seen.length = 0;
    relay.seen.length = 0;
    return () => t.close();
  });

  it('refuses a redirect to 127.0.0.1 when only 127.0.0.2 is allowed', async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${target.port}/photo.jpg`);
    const { res, body } = await importUrl(`${relay.origin}/redirect?hops=1&to=${to}`);
    expect(res.status).toBe(400);
    expect(body['code']).toBe('download_failed');
    expect(String(body['error'])).toMatch(/redirect/i);
    expect(relay.seen.length).toBeGreaterThan(0);
    expect(target.seen).toHaveLength(0);
  });

  it('follows a redirect that stays on an allowed address', async () => {
    const { res } = await importUrl(`${relay.origin}/redirect?hops=2&to=/photo.jpg`);
    expect(res.status).toBe(200);
  });
});

describe('connect-time check (DNS rebinding)', () => {
  it('refuses at connect time when the name resolves to a private address then', async () => {
    target.seen.length = 0;
    const allow = parseImportAllow([]);
    const url = new URL(`http://rebinding.example:${target.port}/photo.jpg`);
    // The name server now answers loopback, whatever it said when the URL was first checked.
    const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    }) as unknown as typeof import('node:dns').lookup;
    const error = await new Promise<Error>((resolve) => {
      const request = http.get(url, { agent: filteringAgent(url, allow), lookup }, () =>
        resolve(new Error('connected')),
      );
      request.on('error', resolve);
    });
    expect(error.message).toMatch(/refused by the address guard: 127.0.0.1 is not a public address/);
    expect(target.seen).toHaveLength(0);
  });
});

describe('address policy', () => {
  it.each([
    ['8.8.8.8', [], true],
    ['2606:4700:4700::1111', [], true],
    ['127.0.0.1', [], false],
    ['127.0.0.1', ['127.0.0.1'], true],
    ['10.1.2.3', ['10.0.0.0/8'], true],
    ['10.1.2.3', ['192.168.0.0/16'], false],
    ['::ffff:127.0.0.1', ['127.0.0.1'], false],
    ['fd00:ec2::254', [], false],
    ['169.254.169.254', [], false],
    ['::', [], false],
  ] as const)('%s with allow %j is allowed: %s', (address, entries, expected) => {
    expect(isAddressAllowed(address, parseImportAllow(entries))).toBe(expected);
  });
});
