import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/start-server.js';
import { ADMIN_TOKEN, CLOCK_START } from '../helpers/test-app.js';

/**
 * Limits, Request throttle: one post per network every 20 seconds per account. Two requests that
 * arrive together over real sockets must not both slip past the check: exactly one is published,
 * the other answers 429 `rate_limited` with Retry-After, and only one post record exists.
 */

let running: RunningServer | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

interface Answer {
  status: number;
  body: { error?: { code?: string; retry_after_seconds?: number }; service?: { post_id?: string } };
  retryAfter: string | null;
}

async function call(method: string, url: string, auth: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function adminJson<T>(server: RunningServer, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call(method, `${server.url}/admin/v1${path}`, ADMIN_TOKEN, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A listener on port 0 with one account whose profile has x and linkedin connected. */
async function serverWithProfile(
  clock: 'virtual' | 'system',
  simulate: Record<string, unknown>,
): Promise<{ server: RunningServer; apiKey: string; profileId: string; accountId: string }> {
  const server = await startServer(
    {
      memory: true,
      port: 0,
      host: '127.0.0.1',
      clock,
      ...(clock === 'virtual' ? { clockStart: CLOCK_START } : {}),
      adminToken: ADMIN_TOKEN,
      seedDemo: false,
    },
    () => {},
  );
  running = server;
  const account = await adminJson<{ account_id: string }>(server, 'POST', '/accounts', {
    plan: 'skilled',
    x_addon: true,
  });
  const key = await adminJson<{ api_key: string }>(server, 'POST', `/accounts/${account.account_id}/keys`, {
    name: 'races',
  });
  const profile = await adminJson<{ profile_id: string }>(
    server,
    'POST',
    `/accounts/${account.account_id}/profiles`,
    { name: 'Racer' },
  );
  for (const platform of ['x', 'linkedin']) {
    await adminJson(server, 'PUT', `/profiles/${profile.profile_id}/networks/${platform}`, { simulate });
  }
  return { server, apiKey: key.api_key, profileId: profile.profile_id, accountId: account.account_id };
}

async function publish(server: RunningServer, apiKey: string, profileId: string, platform: string) {
  const res = await call('POST', `${server.url}/api/v2/posts`, apiKey, {
    post: { accountId: profileId, platform, content: { text: `race on ${platform}` } },
  });
  return {
    status: res.status,
    body: (await res.json()) as Answer['body'],
    retryAfter: res.headers.get('retry-after'),
  } satisfies Answer;
}

function postRecordCount(server: RunningServer, accountId: string): number {
  const row = server.socialpub.services.db
    .prepare('SELECT COUNT(*) AS n FROM post_records WHERE account_id = ?')
    .get(accountId) as { n: number };
  return row.n;
}

describe('two posts to the same network at the same moment', () => {
  it.each([
    ['the virtual clock and an instant network', 'virtual' as const, {}],
    ['the system clock and a network that takes 300 ms', 'system' as const, { latency_ms: 300 }],
  ])(
    'publishes exactly one and answers the other 429 rate_limited with Retry-After (%s)',
    async (_label, clock, simulate) => {
      const { server, apiKey, profileId, accountId } = await serverWithProfile(clock, simulate);
      const answers = await Promise.all([
        publish(server, apiKey, profileId, 'x'),
        publish(server, apiKey, profileId, 'x'),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 429]);
      const refused = answers.find((a) => a.status === 429);
      expect(refused?.body.error?.code).toBe('rate_limited');
      expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
      expect(refused?.body.error?.retry_after_seconds).toBe(Number(refused?.retryAfter));
      const published = answers.find((a) => a.status === 200);
      expect(published?.body.service?.post_id).toEqual(expect.any(String));
      expect(postRecordCount(server, accountId)).toBe(1);
    },
  );
});

describe('two posts to different networks at the same moment', () => {
  it.each([
    ['the virtual clock', 'virtual' as const, {}],
    ['the system clock and a network that takes 300 ms', 'system' as const, { latency_ms: 300 }],
  ])('publishes both (%s)', async (_label, clock, simulate) => {
    const { server, apiKey, profileId, accountId } = await serverWithProfile(clock, simulate);
    const answers = await Promise.all([
      publish(server, apiKey, profileId, 'x'),
      publish(server, apiKey, profileId, 'linkedin'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const ids = answers.map((a) => a.body.service?.post_id);
    expect(new Set(ids).size).toBe(2);
    expect(postRecordCount(server, accountId)).toBe(2);
  });
});
