import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { SocialpubApp } from '../../src/app.js';
import { type RunningServer, startServer } from '../../src/start-server.js';

// GET /api/v2/accounts answered on Node's own objects (http/node-accounts-lane.ts) behind a real
// listener: the bytes on the wire, the request log's rows, the read counts and the key's last use
// equal the app's for the same requests (an armed fault anywhere sends every request to the app),
// and every request the lane must not take reaches the app untouched. The virtual clock holds
// still, so every read falls in one minute, whose first read (it prunes older minutes) is the app's.

const ADMIN_TOKEN = 'node-lane-wire-admin';
let server: RunningServer;
let apiKey: string;
let accountId: string;
let secondKey: { api_key: string; key_id: string };

const admin = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Record<string, unknown>;
};

beforeAll(async () => {
  server = await startServer(
    { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', adminToken: ADMIN_TOKEN, seedDemo: false },
    () => {},
  );
  accountId = (await admin('POST', '/accounts', { plan: 'skilled', x_addon: true })).account_id as string;
  apiKey = (await admin('POST', `/accounts/${accountId}/keys`, { name: 'wire' })).api_key as string;
  secondKey = (await admin('POST', `/accounts/${accountId}/keys`, { name: 'second' })) as typeof secondKey;
  const profileId = (await admin('POST', `/accounts/${accountId}/profiles`, { name: 'Wire' }))
    .profile_id as string;
  await admin('PUT', `/profiles/${profileId}/networks/x`, {});
}, 60_000);
afterAll(() => server.close());

/** The raw answer to `head` on its own connection, the Date masked; `Connection: close` unless kept alive. */
function rawAnswer(head: string): Promise<string> {
  const { port, host } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    const done = () => {
      socket.destroy();
      resolve(text.replace(/\r\nDate: [^\r]*/i, '\r\nDate: (now)'));
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      // A kept-alive answer ends when its body has its Content-Length.
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text);
      if (end >= 0 && length !== null && Buffer.byteLength(text) >= end + 4 + Number(length[1])) done();
    });
    socket.on('error', reject);
    socket.on('end', done);
    socket.write(`${head.replaceAll('HOST', host)}\r\n`);
  });
}

const get = (lines: string[], path = '/api/v2/accounts', method = 'GET') =>
  `${method} ${path} HTTP/1.1\r\n${lines.map((line) => `${line}\r\n`).join('')}`;
const plain = (extra: string[] = []) => get(['Host: HOST', `Authorization: Bearer ${apiKey}`, ...extra]);

/** The request log's rows, newest first, durations masked. */
async function logged(): Promise<unknown[]> {
  const rows = (await admin('GET', '/requests?limit=1000')).data as Array<Record<string, unknown>>;
  return rows.map(({ duration_ms, ...row }) => ({ ...row, duration: typeof duration_ms }));
}

/** Whether the lane took each API request since the spy began (the admin API's are left out). */
function taken(lane: MockInstance<SocialpubApp['answerAtNode']>): boolean[] {
  return lane.mock.calls.flatMap(([incoming], i) =>
    incoming.url?.startsWith('/admin/') ? [] : [lane.mock.results[i]?.value as boolean],
  );
}

describe('GET /api/v2/accounts on Node’s objects', () => {
  it('sends the app’s bytes and logs the app’s rows; leaves everything else to the app', {
    timeout: 60_000,
  }, async () => {
    const requests = [
      plain(['Connection: close']),
      plain(['Connection: keep-alive']),
      plain().replace('HTTP/1.1', 'HTTP/1.0'),
      get(['host: HOST', `authorization: bearer   ${apiKey}`, 'Connection: close']),
      // Not the lane's: each goes to the app.
      plain(['Connection: close', 'Idempotency-Key: read-1']),
      get([
        'Host: HOST',
        `Authorization: Bearer ${apiKey}`,
        `Authorization: Bearer ${apiKey}`,
        'Connection: close',
      ]),
      get(['Host: HOST', `Authorization: Bearer ${apiKey}`, 'Connection: close'], '/api/v2/accounts?x=1'),
      get(['Host: HOST', `Authorization: Bearer ${apiKey}`, 'Connection: close'], '/api/v2/accounts/'),
      get(['Host: HOST', `Authorization: Bearer ${apiKey}`, 'Connection: close'], '/api/v2/accounts', 'HEAD'),
      get(['Host: HOST', 'Authorization: Bearer sp_live_wrong', 'Connection: close']),
      get(['Host: HOST', 'Connection: close']),
      get(['Host: evil.example', `Authorization: Bearer ${apiKey}`, 'Connection: close']),
    ];
    const laneTakes = [true, true, true, true, false, false, false, false, false, false, false, false];
    const lane = vi.spyOn(server.socialpub, 'answerAtNode');
    // The minute's first read prunes older minutes: the app's.
    expect(await rawAnswer(plain(['Connection: close']))).toMatch(/^HTTP\/1\.1 200/);
    expect(taken(lane)).toEqual([false]);
    lane.mockClear();
    // A key's first use is stamped by a read through the lane.
    const { repos, clock } = server.socialpub.services;
    const lastUsed = () => repos.apiKeyLastUsed.forKeys([secondKey.key_id]).get(secondKey.key_id);
    expect(lastUsed()).toBeUndefined();
    await rawAnswer(get(['Host: HOST', `Authorization: Bearer ${secondKey.api_key}`, 'Connection: close']));
    expect(taken(lane)).toEqual([true]);
    expect(lastUsed()).toBe(clock.now().toISOString());
    lane.mockClear();

    const before = (await logged()).length;
    const atNode: string[] = [];
    for (const head of requests) atNode.push(await rawAnswer(head));
    const laneLog = await logged();
    const laneRows = laneLog.slice(0, laneLog.length - before);
    expect(taken(lane)).toEqual(laneTakes);
    expect(atNode.map((text) => text.slice(0, 12))).toEqual([
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 401',
      'HTTP/1.1 200',
      'HTTP/1.1 404',
      'HTTP/1.1 200',
      'HTTP/1.1 401',
      'HTTP/1.1 401',
      'HTTP/1.1 421',
    ]);
    expect(atNode[0]).toContain('\r\ncache-control: private, no-store\r\ncontent-type: application/json\r\n');
    expect(atNode[0]).toContain('"data":[{');
    expect(atNode[1]).toContain('\r\nKeep-Alive: timeout=5\r\n');

    const fault = await admin('POST', '/faults', {
      match: { method: 'DELETE', path: '/api/v2/nothing' },
      answer: 'drop',
    });
    lane.mockClear();
    const chainBefore = (await logged()).length;
    for (const [i, head] of requests.entries()) expect(await rawAnswer(head), `request ${i}`).toBe(atNode[i]);
    const chainRows = await logged();
    expect(chainRows.slice(0, chainRows.length - chainBefore)).toEqual(laneRows);
    expect(laneRows.length).toBeGreaterThan(8);
    expect(taken(lane).every((value) => !value)).toBe(true);

    await admin('DELETE', `/faults/${fault.fault_id as string}`);
    lane.mockClear();
    expect(await rawAnswer(requests[0] as string)).toBe(atNode[0]);
    expect(taken(lane)).toEqual([true]);
    lane.mockRestore();
  });

  it('counts its reads with the app’s and leaves the 61st of a minute to the app’s refusal', {
    timeout: 60_000,
  }, async () => {
    const usage = async () =>
      ((await admin('GET', `/accounts/${accountId}`)).usage as { reads: { minute: string; reads: number } })
        .reads;
    const before = await usage();
    // Whatever this minute holds already, read through the lane until the limit refuses.
    const lane = vi.spyOn(server.socialpub, 'answerAtNode');
    let status = '';
    let answered = 0;
    while (answered < 61) {
      status = (await rawAnswer(plain(['Connection: close']))).slice(9, 12);
      if (status !== '200') break;
      answered += 1;
    }
    expect(status).toBe('429');
    const results = taken(lane);
    lane.mockRestore();
    // Every read but the refused one went through the lane, the refusal through the app.
    expect(results).toEqual([...Array.from({ length: answered }, () => true), false]);
    const after = await usage();
    expect(after).toEqual({ ...before, reads: 60 });
    expect(before.reads + answered).toBe(60);
  });

  it('is not taken while the app’s fetch is wrapped', { timeout: 60_000 }, async () => {
    const own = server.socialpub.app.fetch;
    const seen: string[] = [];
    server.socialpub.app.fetch = (request, ...rest) => {
      seen.push(new URL(request.url).pathname);
      return own(request, ...rest);
    };
    try {
      const answer = await rawAnswer(plain(['Connection: close']));
      expect(answer.slice(0, 12)).toMatch(/^HTTP\/1\.1 (200|429)$/);
      expect(seen).toEqual(['/api/v2/accounts']);
    } finally {
      server.socialpub.app.fetch = own;
    }
  });
});
