import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../src/config.js';
import {
  AllowListEntryError,
  isAddressAllowed,
  nonPublicReason,
  parseImportAllow,
} from '../../src/domain/media/address-policy.js';
import { guardedClientMetadataFetcher } from '../../src/oauth/client-metadata-document.js';
import { advance, sendPost } from '../helpers/publishing.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

/**
 * Issue 13 items 3 and 4: every address form that embeds or maps to a non-public IPv4 address and
 * every reserved range is refused, at every place the server reaches a URL a caller gave, and the
 * allow-list's ports are kept on every redirect hop. A canary listener on 127.0.0.1 counts TCP
 * connections, and every connect() the process makes is traced: a refused form makes neither.
 */
let canary: net.Server;
let canaryPort = 0;
let canaryConnections = 0;
let relay: http.Server;
let relayPort = 0;
const relaySeen: string[] = [];
/** Paths of /switch/... that now redirect to the canary (the first answer was a file). */
const switched = new Set<string>();
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

beforeAll(async () => {
  canary = net.createServer((socket) => {
    canaryConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryPort = (canary.address() as AddressInfo).port;
  // A loopback host standing in for a public one; /to-canary... redirects to the canary's port.
  relay = http.createServer((req, res) => {
    const path = req.url ?? '/';
    relaySeen.push(`${req.method} ${path}`);
    const toCanary = path.includes('to-canary') || (path.startsWith('/switch/') && switched.has(path));
    if (toCanary) {
      res.writeHead(302, { location: `http://127.0.0.1:${canaryPort}/photo.jpg` }).end();
      return;
    }
    if (path.startsWith('/switch/')) switched.add(path);
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length });
    res.end(req.method === 'HEAD' ? undefined : JPEG);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayPort = (relay.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => canary.close(resolve));
  await new Promise((resolve) => relay.close(resolve));
});

/** Every connect() of the process while a test runs, as "host:port" (or the path). */
let connects: string[] = [];
beforeEach(() => {
  connects = [];
  canaryConnections = 0;
  relaySeen.length = 0;
  switched.clear();
  const original = net.Socket.prototype.connect;
  vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (
    this: net.Socket,
    ...args: unknown[]
  ) {
    const first = args[0] as { host?: string; port?: number } | unknown[] | number;
    const options = Array.isArray(first) ? (first[0] as { host?: string; port?: number }) : first;
    if (typeof options === 'object' && options !== null) connects.push(`${options.host}:${options.port}`);
    else connects.push(String(options));
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect);
});
afterEach(() => vi.restoreAllMocks());

const toCanary = () => connects.filter((target) => target.endsWith(`:${canaryPort}`));

const v4Forms = (ip: string): [string, string][] => {
  const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
  const hi = ((a << 8) | b).toString(16);
  const lo = ((c << 8) | d).toString(16);
  const xhi = (((a ^ 0xff) << 8) | (b ^ 0xff)).toString(16);
  const xlo = (((c ^ 0xff) << 8) | (d ^ 0xff)).toString(16);
  return [
    [`IPv4-compatible ::${ip}`, `[::${ip}]`],
    [`IPv4-compatible in hex ::${hi}:${lo}`, `[::${hi}:${lo}]`],
    [`IPv4-mapped ::ffff:${ip}`, `[::ffff:${ip}]`],
    [`IPv4-translated ::ffff:0:${ip}`, `[::ffff:0:${ip}]`],
    [`NAT64 64:ff9b::${ip}`, `[64:ff9b::${ip}]`],
    [
      `NAT64 local-use 64:ff9b:1::/48 carrying ${ip}`,
      `[64:ff9b:1:${hi}:${(c).toString(16)}:${(d << 8).toString(16)}::]`,
    ],
    [`6to4 2002:${hi}:${lo}::1`, `[2002:${hi}:${lo}::1]`],
    [`Teredo client ${ip}`, `[2001:0:4136:e378:8000:63bf:${xhi}:${xlo}]`],
  ];
};

/** Host forms (as written in a URL) with the canary's port: none may be reached. */
const FORMS: [string, string][] = [
  ...v4Forms('127.0.0.1'),
  ...v4Forms('10.0.0.1'),
  ...v4Forms('169.254.169.254'),
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 unspecified', '0.0.0.0'],
  ['IPv4 this network 0.1.2.3', '0.1.2.3'],
  ['IPv4 IETF protocol assignments 192.0.0.8', '192.0.0.8'],
  ['IPv4 documentation 192.0.2.1', '192.0.2.1'],
  ['IPv4 benchmarking 198.18.0.1', '198.18.0.1'],
  ['IPv4 documentation 203.0.113.1', '203.0.113.1'],
  ['IPv4 6to4 relay anycast 192.88.99.1', '192.88.99.1'],
  ['IPv4 reserved 240.0.0.1', '240.0.0.1'],
  ['IPv4 broadcast', '255.255.255.255'],
  ['IPv4 carrier-grade NAT', '100.64.0.1'],
  ['IPv4 multicast', '224.0.0.1'],
  ['IPv6 loopback', '[::1]'],
  ['IPv6 unspecified', '[::]'],
  ['IPv6 unique local', '[fd00:ec2::254]'],
  ['IPv6 link local', '[fe80::1]'],
  ['IPv6 site local (deprecated)', '[fec0::1]'],
  ['IPv6 multicast', '[ff02::1]'],
  ['IPv6 discard 100::/64', '[100::1]'],
  ['IPv6 documentation 2001:db8::/32', '[2001:db8::1]'],
  ['IPv6 documentation 3fff::/20', '[3fff::1]'],
  ['IPv6 benchmarking 2001:2::/48', '[2001:2::1]'],
  ['IPv6 ORCHIDv2 2001:20::/28', '[2001:20::1]'],
  ['IPv6 segment routing 5f00::/16', '[5f00::1]'],
];

describe('the address guard refuses every non-public form before any connection', () => {
  let t: TestApp;
  let f: Fixture;
  beforeEach(async () => {
    t = await testApp({ media: { checkTimeoutMs: 2_000, requestWaitMs: 250 } });
    f = await accountWithProfile(t, {});
    return () => t.close();
  });

  it.each(FORMS)('URL import of %s (%s) answers 400 invalid_url', async (_name, host) => {
    const res = await t.api('POST', '/api/v2/media', f.apiKey, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://${host}:${canaryPort}/photo.jpg` }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(400);
    expect(body['code']).toBe('invalid_url');
    expect(String(body['error'])).toMatch(/not a public address/);
    expect(connects).toEqual([]);
    expect(canaryConnections).toBe(0);
  });

  it.each([
    ['::7f00:1', '127.0.0.1'],
    ['64:ff9b::a00:1', '10.0.0.1'],
    ['2002:a9fe:a9fe::1', '169.254.169.254'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'],
    ['64:ff9b:1:7f00:0:100::', '127.0.0.1'],
  ])('names the IPv4 address %s embeds (%s)', (address, embedded) => {
    expect(nonPublicReason(address)).toContain(`embeds the IPv4 address ${embedded}`);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2001:4860:4860::8888'])(
    'still reaches the public address %s',
    (address) => {
      expect(nonPublicReason(address)).toBeNull();
    },
  );
});

describe('every place the server reaches a caller’s URL goes through the guard', () => {
  let t: TestApp;
  let f: Fixture;
  const relayUrl = (path: string) => `http://127.0.0.1:${relayPort}${path}`;
  const inAnHour = () => new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
  const skool = { group: 'g1', title: 'T', label: 'l' };
  const reel = (cover: string) => ({ postType: 'reel', coverUrl: cover });

  beforeEach(async () => {
    // Only the relay's own port is allowed: the canary's port on the same address is not.
    t = await testApp({
      importAllow: [`127.0.0.1:${relayPort}`],
      media: {
        checkTimeoutMs: 2_000,
        requestWaitMs: 2_000,
        shareLinkOrigins: {
          dropbox: relayUrl(''),
          googleDrive: relayUrl(''),
          onedriveApi: relayUrl(''),
          onedriveLive: relayUrl(''),
        },
      },
    });
    f = await accountWithProfile(
      t,
      {
        instagram: {},
        skool: { options: { groups: [{ id: 'g1', slug: 'g1', name: 'Group', labels_required: true }] } },
      },
      { plan: 'skilled' },
    );
    return () => t.close();
  });

  const importOf = async (url: string) => {
    const res = await t.api('POST', '/api/v2/media', f.apiKey, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('the allowed port itself is reached (the guard is not simply closed)', async () => {
    const answer = await importOf(relayUrl('/ok.jpg'));
    expect(answer.status).toBe(200);
    expect(relaySeen.length).toBeGreaterThan(0);
    // The connect() trace sees real connections, so an empty trace elsewhere means none was made.
    expect(connects).toContain(`127.0.0.1:${relayPort}`);
  });

  it('URL import, first address: an embedded loopback on the canary port', async () => {
    const answer = await importOf(`http://[::ffff:7f00:1]:${canaryPort}/a.jpg`);
    expect(answer.status).toBe(400);
    expect(toCanary()).toEqual([]);
    expect(canaryConnections).toBe(0);
  });

  it('URL import, a redirect hop to another port of the allowed address is not followed (item 4)', async () => {
    const answer = await importOf(relayUrl('/to-canary.jpg'));
    expect(answer.status).toBe(400);
    expect(answer.body['code']).toBe('download_failed');
    expect(String(answer.body['error'])).toMatch(/redirect/i);
    expect(relaySeen.length).toBeGreaterThan(0);
    expect(toCanary()).toEqual([]);
    expect(canaryConnections).toBe(0);
  });

  it('share-link resolution: the download form redirecting to the canary', async () => {
    const answer = await importOf('https://www.dropbox.com/s/abc123/to-canary.jpg?dl=1');
    expect(answer.status).toBe(400);
    expect(relaySeen.some((line) => line.includes('/s/abc123/to-canary.jpg'))).toBe(true);
    expect(toCanary()).toEqual([]);
    expect(canaryConnections).toBe(0);
  });

  it('mediaUrls at publish time (a scheduled post asks the address now)', async () => {
    const answer = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'skool',
        content: { text: 'a', mediaUrls: [relayUrl('/to-canary.jpg')] },
        scheduledFor: inAnHour(),
        skool,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.['code']).toBe('media_not_available');
    expect(toCanary()).toEqual([]);
    expect(canaryConnections).toBe(0);
  });

  it('instagram.coverUrl at publish time', async () => {
    const answer = await sendPost(t, f.apiKey, {
      post: {
        accountId: f.profileId,
        platform: 'instagram',
        content: { mediaUrls: [relayUrl('/clip.mp4')] },
        scheduledFor: inAnHour(),
        instagram: reel(relayUrl('/to-canary.jpg')),
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.['code']).toBe('media_not_available');
    expect(toCanary()).toEqual([]);
    expect(canaryConnections).toBe(0);
  });

  it.each([
    ['an embedded loopback on the canary port', () => `http://[::ffff:7f00:1]:${canaryPort}/client.json`],
    ['a redirect to the canary port', () => relayUrl('/to-canary.json')],
  ])('Client ID Metadata Document of the connector: %s is not reached', async (_name, address) => {
    const fetcher = guardedClientMetadataFetcher([`127.0.0.1:${relayPort}`]);
    await expect(fetcher(new URL(address()))).rejects.toThrow();
    expect(toCanary()).toEqual([]);
    expect(canaryConnections).toBe(0);
  });

  it.each([
    [
      'mediaUrls',
      () => ({
        platform: 'skool',
        content: { text: 'a', mediaUrls: [relayUrl('/switch/media.jpg')] },
        skool,
      }),
      '/switch/media.jpg',
    ],
    [
      'instagram.coverUrl',
      () => ({
        platform: 'instagram',
        content: { mediaUrls: [relayUrl('/clip.mp4')] },
        instagram: reel(relayUrl('/switch/cover.jpg')),
      }),
      '/switch/cover.jpg',
    ],
  ])(
    '%s at send time: the address now redirecting to the canary is not followed',
    async (_name, post, path) => {
      const answer = await sendPost(t, f.apiKey, {
        post: { accountId: f.profileId, scheduledFor: inAnHour(), ...post() },
      });
      expect(answer.status).toBe(202);
      const askedBefore = relaySeen.filter((line) => line.endsWith(path)).length;
      expect(askedBefore).toBeGreaterThan(0);
      await advance(t, 3_700);
      expect(relaySeen.filter((line) => line.endsWith(path)).length).toBeGreaterThan(askedBefore);
      expect(toCanary()).toEqual([]);
      expect(canaryConnections).toBe(0);
    },
  );
});

describe('SOCIALPUB_IMPORT_ALLOW entries (item 4)', () => {
  it.each([
    ['example.test', '10.0.0.1', 80, false],
    ['127.0.0.1', '127.0.0.1', 9, true],
    ['127.0.0.1:8080', '127.0.0.1', 8080, true],
    ['127.0.0.1:8080', '127.0.0.1', 8081, false],
    ['127.0.0.1:8080', '127.0.0.1', undefined, false],
    ['10.0.0.0/8', '10.9.9.9', 443, true],
    ['10.0.0.0/8:443', '10.9.9.9', 443, true],
    ['10.0.0.0/8:443', '10.9.9.9', 80, false],
    ['::1', '::1', 5, true],
    ['[::1]:8080', '::1', 8080, true],
    ['[::1]:8080', '::1', 8081, false],
    ['[fd00::/8]:443', 'fd12::1', 443, true],
    ['fd00::/8', 'fd12::1', 1, true],
    ['127.0.0.1', '::ffff:127.0.0.1', 80, false],
  ] as const)('entry %s: %s port %s allowed is %s', (entry, address, port, expected) => {
    expect(isAddressAllowed(address, parseImportAllow([entry]), port)).toBe(expected);
  });

  it.each([
    ['host:port with a bad port', 'files.test:99999'],
    ['an empty port', '127.0.0.1:'],
    ['a bad CIDR length', '10.0.0.0/40'],
    ['a bad IPv4 address', '300.1.1.1'],
    ['brackets around IPv4', '[127.0.0.1]:80'],
    ['a wildcard', '*.example.com'],
    ['a URL', 'http://files.test'],
    ['a bad IPv6 port', '[::1]:http'],
  ])('refuses %s (%s) with a message naming the entry', (_name, entry) => {
    expect(() => parseImportAllow([entry])).toThrow(AllowListEntryError);
    expect(() => parseImportAllow([entry])).toThrow(entry);
    expect(() => parseConfig([], { SOCIALPUB_IMPORT_ALLOW: `127.0.0.1,${entry}` })).toThrow(
      /SOCIALPUB_IMPORT_ALLOW entry .* cannot be read/,
    );
  });

  it('accepts every documented form at start', () => {
    const config = parseConfig([], {
      SOCIALPUB_IMPORT_ALLOW:
        'files.test, files.test:8080, 10.0.0.0/8, 10.0.0.0/8:443, [::1]:8080, ::1, [fd00::/8]:443',
    });
    expect(config.importAllow).toHaveLength(7);
  });
});
