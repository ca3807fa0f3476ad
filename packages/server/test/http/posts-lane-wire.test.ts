import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningServer, startServer } from '../../src/start-server.js';

// The posts lane (http/posts-lane.ts) behind a real listener: the bytes on the wire, header block
// and body, equal the middleware chain's for the same requests (an armed fault anywhere sends
// every request through the chain), the body read from the socket whether it is sent with a
// Content-Length or chunked, in one packet or late.

const ADMIN_TOKEN = 'posts-lane-wire-admin';
let server: RunningServer;
let apiKey: string;
let profileId: string;

const admin = async (method: string, path: string, body: unknown) => {
  const res = await fetch(`${server.url}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, string>;
};

beforeAll(async () => {
  server = await startServer(
    { memory: true, port: 0, host: '127.0.0.1', clock: 'system', adminToken: ADMIN_TOKEN, seedDemo: false },
    () => {},
  );
  const account = await admin('POST', '/accounts', { plan: 'skilled', x_addon: true });
  apiKey = (await admin('POST', `/accounts/${account.account_id}/keys`, { name: 'wire' })).api_key as string;
  profileId = (await admin('POST', `/accounts/${account.account_id}/profiles`, { name: 'Wire' }))
    .profile_id as string;
  await admin('PUT', `/profiles/${profileId}/networks/x`, {});
}, 60_000);
afterAll(() => server.close());

/** The raw answer to one request on its own connection (sent in `parts`), the Date masked. */
function rawAnswer(parts: string[]): Promise<string> {
  const { port, host } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/\r\nDate: [^\r]*/i, '\r\nDate: (now)'),
      ),
    );
    const [first, ...rest] = parts.map((part) => part.replaceAll('HOST', host));
    socket.write(first ?? '');
    // The rest of the body once the server has had the head: the lane then waits for it.
    if (rest.length > 0) setTimeout(() => socket.write(rest.join('')), 20);
  });
}

function request(
  body: string,
  { key = apiKey, host = 'HOST', chunked = false, split = false } = {},
): string[] {
  const head =
    `POST /api/v2/posts HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${key}\r\n` +
    'Content-Type: application/json\r\nConnection: close\r\n';
  if (chunked) {
    const size = Buffer.byteLength(body).toString(16);
    return [`${head}Transfer-Encoding: chunked\r\n\r\n`, `${size}\r\n${body}\r\n0\r\n\r\n`];
  }
  const whole = `${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return split ? [whole, body] : [`${whole}${body}`];
}

describe('the posts lane on the wire', () => {
  it('sends the chain’s bytes for dry runs, refusals and a foreign Host', { timeout: 60_000 }, async () => {
    const dry = JSON.stringify({
      validate: { accountId: profileId, platform: 'x', content: { text: 'hi' } },
    });
    const refused = JSON.stringify({ validate: { accountId: profileId, platform: 'linkedin' } });
    const requests = [
      request(dry),
      request(dry, { split: true }),
      request(dry, { chunked: true }),
      request(refused),
      request('{"validate":'),
      request(dry, { key: 'sp_live_wrong' }),
      request(dry, { host: 'evil.example' }),
    ];
    const chainRouter = vi.spyOn(server.socialpub.app.router, 'match');
    const lane = [];
    for (const parts of requests) lane.push(await rawAnswer(parts));
    expect(chainRouter).not.toHaveBeenCalled();
    expect(lane.map((text) => text.slice(0, 12))).toEqual([
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 400',
      'HTTP/1.1 401',
      'HTTP/1.1 421',
    ]);
    expect(lane[0]).toContain('"dry_run":true,"outcome":"publish"');
    expect(lane[1]).toBe(lane[0]);
    expect(lane[2]).toBe(lane[0]);

    await admin('POST', '/faults', { match: { method: 'DELETE', path: '/api/v2/nothing' }, answer: 'drop' });
    chainRouter.mockClear();
    for (const [i, parts] of requests.entries()) expect(await rawAnswer(parts), `request ${i}`).toBe(lane[i]);
    expect(chainRouter).toHaveBeenCalledTimes(requests.length);
    chainRouter.mockRestore();
  });
});
