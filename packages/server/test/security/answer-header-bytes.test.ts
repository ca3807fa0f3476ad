import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/start-server.js';

// Hot answers carry `X-Content-Type-Options: nosniff` in their own plain header object instead of
// having it added afterwards through a Headers object (http/security-headers.ts). On the wire they
// must be the same bytes as an answer that got the header the general way: these compare the
// header blocks the listener really sends.

const ADMIN_TOKEN = 'header-bytes-admin';
let server: RunningServer;
let apiKey: string;
let profileId: string;

/** The raw answer to one request on its own connection, the Date header's value masked. */
function rawAnswer(request: string): Promise<{ head: string[]; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const head = text
        .slice(0, end)
        .split('\r\n')
        .map((line) => (line.startsWith('Date: ') ? 'Date: (now)' : line));
      resolve({ head, body: text.slice(end + 4) });
    });
    socket.write(request.replaceAll('HOST', new URL(server.url).host));
  });
}

const get = (path: string, method = 'GET', key = apiKey) =>
  rawAnswer(
    `${method} ${path} HTTP/1.1\r\nHost: HOST\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
  );

function post(path: string, body: unknown): Promise<{ head: string[]; body: string }> {
  const json = JSON.stringify(body);
  return rawAnswer(
    `POST ${path} HTTP/1.1\r\nHost: HOST\r\nAuthorization: Bearer ${apiKey}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

/** Header names in the order they were sent; `content-length` carries its value too. */
const layout = (head: string[]) =>
  head.slice(1).map((line) => {
    const name = line.slice(0, line.indexOf(':'));
    return name.toLowerCase() === 'content-length' ? line : name;
  });

beforeAll(async () => {
  server = await startServer(
    { memory: true, port: 0, host: '127.0.0.1', clock: 'system', adminToken: ADMIN_TOKEN, seedDemo: false },
    () => {},
  );
  const admin = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}/admin/v1${path}`, {
      method: path.includes('/networks/') ? 'PUT' : 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, string>;
  };
  const account = await admin('/accounts', { plan: 'skilled', x_addon: true });
  apiKey = (await admin(`/accounts/${account.account_id}/keys`, { name: 'bytes' })).api_key as string;
  profileId = (await admin(`/accounts/${account.account_id}/profiles`, { name: 'Bytes' }))
    .profile_id as string;
  await admin(`/profiles/${profileId}/networks/x`, {});
});
afterAll(() => server.close());

describe('answers carrying nosniff from their making', () => {
  it('send a read the way a read refusal (nosniff added afterwards) is sent', async () => {
    const read = await get('/api/v2/accounts');
    const refusal = await get('/api/v2/posts/00000000-0000-4000-8000-000000000000');
    expect(read.head[0]).toBe('HTTP/1.1 200 OK');
    expect(refusal.head[0]).toBe('HTTP/1.1 404 Not Found');
    const expected = [
      'cache-control',
      'content-type',
      'x-content-type-options',
      `Content-Length: ${Buffer.byteLength(read.body)}`,
      'Date',
      'Connection',
    ];
    expect(layout(read.head)).toEqual(expected);
    expect(layout(refusal.head)).toEqual([
      ...expected.slice(0, 3),
      `Content-Length: ${Buffer.byteLength(refusal.body)}`,
      ...expected.slice(4),
    ]);
    expect(read.head).toContain('x-content-type-options: nosniff');
    expect(read.head).toContain('cache-control: private, no-store');
    expect(JSON.parse(read.body).data[0].profile_id).toBe(profileId);
  });

  it('answer HEAD with the same headers and no length, as before', async () => {
    const head = await get('/api/v2/accounts', 'HEAD');
    expect(head.head[0]).toBe('HTTP/1.1 200 OK');
    expect(layout(head.head)).toEqual([
      'cache-control',
      'content-type',
      'x-content-type-options',
      'Date',
      'Connection',
    ]);
    expect(head.body).toBe('');
  });

  it('keeps a dry run and its refusal in the same layout', async () => {
    const dry = await post('/api/v2/posts', {
      validate: { accountId: profileId, platform: 'x', content: { text: 'bytes' } },
    });
    const refused = await post('/api/v2/posts', { validate: { accountId: profileId, platform: 'myspace' } });
    expect(dry.head[0]).toBe('HTTP/1.1 200 OK');
    expect(refused.head[0]).toMatch(/^HTTP\/1\.1 4\d\d /);
    for (const answer of [dry, refused]) {
      expect(layout(answer.head)).toEqual([
        'content-type',
        'x-content-type-options',
        `Content-Length: ${Buffer.byteLength(answer.body)}`,
        'Date',
        'Connection',
      ]);
    }
  });

  it('gives the answers refused before the routes the header too', async () => {
    const refused = await get('/api/v2/accounts', 'GET', 'sp_not_a_key');
    expect(refused.head[0]).toBe('HTTP/1.1 401 Unauthorized');
    expect(refused.head.map((line) => line.toLowerCase())).toContain('x-content-type-options: nosniff');
  });

  it('gives a foreign Host’s 421 the header too', async () => {
    const misdirected = await rawAnswer(
      'GET /health HTTP/1.1\r\nHost: other.example.test\r\nConnection: close\r\n\r\n',
    );
    expect(misdirected.head[0]).toBe('HTTP/1.1 421 Misdirected Request');
    expect(misdirected.head.map((line) => line.toLowerCase())).toContain('x-content-type-options: nosniff');
  });
});
