// Run as its own process (per-request-objects.process.test.ts): counts the AbortControllers made
// while CI-like pipelines run against a real listener. `@hono/node-server` makes a web Request (an
// AbortController of its own, and one more inside undici, kept in undici's registry until a full
// collection) only when something asks the light request for its stream, a clone or its signal.
// The client is node:http, which makes none. Prints one JSON line.
import { request } from 'node:http';

let controllers = 0;
const Original = globalThis.AbortController;
globalThis.AbortController = class CountedAbortController extends Original {
  constructor() {
    super();
    controllers++;
  }
};

const { startServer } = await import('../../src/start-server.js');
const ADMIN = 'probe-admin-token';
const running = await startServer(
  { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', adminToken: ADMIN, seedDemo: false },
  () => undefined,
);

function call(
  method: string,
  path: string,
  body?: unknown,
  token = ADMIN,
  headers: Record<string, string> = {},
) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const req = request(
      `${running.url}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
          ...headers,
        },
      },
      (res) => {
        let answer = '';
        res.on('data', (chunk: Buffer) => {
          answer += chunk.toString();
        });
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 300)
            reject(new Error(`${method} ${path}: ${res.statusCode} ${answer}`));
          else resolve(answer === '' ? {} : (JSON.parse(answer) as Record<string, unknown>));
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

async function pipeline(index: number): Promise<void> {
  const admin = (method: string, path: string, body?: unknown) => call(method, `/admin/v1${path}`, body);
  const clock = await admin('POST', '/clocks', { now: '2030-01-01T09:00:00.000Z' });
  const account = await admin('POST', '/accounts', { clock_id: clock.clock_id });
  const { api_key: key } = await admin('POST', `/accounts/${account.account_id}/keys`, { name: 'ci' });
  const profile = await admin('POST', `/accounts/${account.account_id}/profiles`, { name: `P${index}` });
  await admin('PUT', `/profiles/${profile.profile_id}/networks/linkedin`, {});
  const post = { accountId: profile.profile_id, platform: 'linkedin' };
  await call(
    'POST',
    '/api/v2/posts',
    { post: { ...post, content: { text: `now ${index}` } } },
    key as string,
    {
      'idempotency-key': `now-${index}`,
    },
  );
  await call(
    'POST',
    '/api/v2/posts',
    { post: { ...post, content: { text: `later ${index}` }, scheduledFor: '2030-01-01T10:00:00.000Z' } },
    key as string,
  );
  await admin('POST', `/clocks/${clock.clock_id}`, { advance_seconds: 7200 });
  await admin('GET', `/accounts/${account.account_id}/deliveries`);
  await call('GET', '/api/v2/accounts', undefined, key as string);
  await admin('DELETE', `/clocks/${clock.clock_id}`);
}

// The first run builds the lazily loaded areas (admin API, posts).
await pipeline(0);
const before = controllers;
const PIPELINES = 20;
for (let i = 1; i <= PIPELINES; i++) await pipeline(i);
const made = controllers - before;
await running.close();
process.stdout.write(`${JSON.stringify({ pipelines: PIPELINES, controllers: made })}\n`);
