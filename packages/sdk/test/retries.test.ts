import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIError,
  backoffSeconds,
  type PostRequest,
  type RetryEvent,
} from '../src/index.js';
import { api, BASE, testClient, useMockServer } from './helpers.js';

const server = useMockServer();
const post = { accountId: '@demobrand', platform: 'x', content: { text: 'hello' } } as PostRequest;
const published = {
  data: { status: 'success', post_id: 'n1' },
  service: { post_id: 'p1', scheduled_post_id: null, status_url: '/x' },
};

/** Answers `first` once, then 200; records every request. */
function failOnceThenPublish(first: () => Response) {
  const seen: Request[] = [];
  server.use(
    http.post(api('/posts'), ({ request }) => {
      seen.push(request.clone());
      return seen.length === 1 ? first() : HttpResponse.json(published);
    }),
  );
  return seen;
}

const standard =
  (status: number, code: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) =>
  () =>
    HttpResponse.json({ error: { code, message: code, ...extra } }, { status, headers });

describe('automatic retries ("When to send a request again", rule 7)', () => {
  it.each([
    [
      '409 media_processing',
      standard(409, 'media_processing', { retry_after_seconds: 30 }, { 'Retry-After': '30' }),
    ],
    ['409 idempotency_in_progress', standard(409, 'idempotency_in_progress', { retry_after_seconds: 5 })],
    ['429 rate_limited', standard(429, 'rate_limited', { retry_after_seconds: 12 })],
    ['503 caller_check_unavailable', standard(503, 'caller_check_unavailable', {}, { 'Retry-After': '5' })],
    ['503 idempotency_unavailable', standard(503, 'idempotency_unavailable', {}, { 'Retry-After': '5' })],
    ['500 without a code', () => HttpResponse.json({ error: { message: 'boom' } }, { status: 500 })],
    ['502 without a body', () => new HttpResponse(null, { status: 502 })],
    ['a lost connection', () => HttpResponse.error()],
  ])('retries after %s', async (_name, first) => {
    const seen = failOnceThenPublish(first);
    const { client } = testClient();
    const outcome = await client.posts.create(post);
    expect(outcome.kind).toBe('published');
    expect(seen).toHaveLength(2);
  });

  it.each([
    ['429 daily_attempts_exceeded', standard(429, 'daily_attempts_exceeded', { attempts: 80, ceiling: 80 })],
    ['429 monthly_limit_reached', standard(429, 'monthly_limit_reached', { retry_after_seconds: 3 })],
    ['429 x_limit_reached', standard(429, 'x_limit_reached', { retry_after_seconds: 3 })],
    ['429 x_link_limit_reached', standard(429, 'x_link_limit_reached', { retry_after_seconds: 3 })],
    ['422 idempotency_key_reused', standard(422, 'idempotency_key_reused', { first_used_at: 'then' })],
    ['409 idempotency_outcome_unknown', standard(409, 'idempotency_outcome_unknown')],
    ['400 bad_request', standard(400, 'bad_request')],
    ['401 unauthorized', standard(401, 'unauthorized')],
    ['403 plan_required', standard(403, 'plan_required')],
    ['404 media_not_found', standard(404, 'media_not_found')],
    ['409 scheduled_queue_full', standard(409, 'scheduled_queue_full')],
    ['500 server_error (check history first)', standard(500, 'server_error')],
    ['500 platform_error', standard(500, 'platform_error')],
    ['502 upstream_unavailable', standard(502, 'upstream_unavailable')],
  ])('never retries after %s', async (_name, first) => {
    const seen = failOnceThenPublish(first);
    const { client, sleeps } = testClient();
    await expect(client.posts.create(post)).rejects.toBeInstanceOf(APIError);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('tells onRetry what failed and how long it waits before each resend', async () => {
    failOnceThenPublish(standard(429, 'rate_limited', { retry_after_seconds: 20 }, { 'Retry-After': '20' }));
    const events: RetryEvent[] = [];
    const { client, sleeps } = testClient({ onRetry: (event) => events.push(event) });
    expect((await client.posts.create(post)).kind).toBe('published');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      method: 'POST',
      path: '/api/v2/posts',
      retry: 1,
      maxRetries: 2,
      waitSeconds: 20,
      askedByService: true,
    });
    expect(events[0]?.error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(sleeps).toEqual([20_000]);
  });

  it('reports backoff waits after a lost connection as not asked by the service', async () => {
    failOnceThenPublish(() => HttpResponse.error());
    const events: RetryEvent[] = [];
    const { client } = testClient({ onRetry: (event) => events.push(event) });
    await client.posts.create(post);
    expect(events).toHaveLength(1);
    expect(events[0]?.error).toBeInstanceOf(APIConnectionError);
    expect(events[0]?.askedByService).toBe(false);
    expect(events[0]?.waitSeconds).toBeGreaterThan(0);
  });

  it('stops after maxRetries and throws the last error', async () => {
    let calls = 0;
    server.use(
      http.get(api('/accounts'), () => {
        calls++;
        return HttpResponse.error();
      }),
    );
    const { client } = testClient({ maxRetries: 3 });
    await expect(client.accounts.list()).rejects.toBeInstanceOf(APIConnectionError);
    expect(calls).toBe(4);
  });

  it('lets one call override maxRetries', async () => {
    let calls = 0;
    server.use(
      http.get(api('/accounts'), () => {
        calls++;
        return HttpResponse.error();
      }),
    );
    const { client } = testClient();
    await expect(client.accounts.list({ maxRetries: 0 })).rejects.toBeInstanceOf(APIConnectionError);
    expect(calls).toBe(1);
  });
});

describe('waiting before a retry', () => {
  it('waits the Retry-After header seconds', async () => {
    failOnceThenPublish(standard(429, 'rate_limited', { retry_after_seconds: 99 }, { 'Retry-After': '12' }));
    const { client, sleeps } = testClient();
    await client.posts.create(post);
    expect(sleeps).toEqual([12_000]);
  });

  it('waits until a Retry-After HTTP date', async () => {
    const at = new Date(Date.now() + 20_000).toUTCString();
    failOnceThenPublish(standard(503, 'idempotency_unavailable', {}, { 'Retry-After': at }));
    const { client, sleeps } = testClient();
    await client.posts.create(post);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(15_000);
    expect(sleeps[0]).toBeLessThanOrEqual(20_000);
  });

  it('waits the body retry_after_seconds when there is no header', async () => {
    failOnceThenPublish(standard(429, 'rate_limited', { retry_after_seconds: 17 }));
    const { client, sleeps } = testClient();
    await client.posts.create(post);
    expect(sleeps).toEqual([17_000]);
  });

  it('reads retry_after_seconds beside the error in the media import family', async () => {
    let calls = 0;
    server.use(
      http.post(api('/media'), () => {
        calls++;
        if (calls === 1)
          return HttpResponse.json(
            { error: 'Wait 9 s.', code: 'rate_limited', retry_after_seconds: 9 },
            { status: 429 },
          );
        return HttpResponse.json({
          success: true,
          file_id: 'f1',
          size: 1,
          type: 'image/png',
          status: 'ready',
        });
      }),
    );
    const { client, sleeps } = testClient();
    await client.media.import('https://example.com/a.png');
    expect(sleeps).toEqual([9_000]);
  });

  it('backs off exponentially with jitter when the service names no wait', async () => {
    let calls = 0;
    server.use(
      http.get(api('/accounts'), () => {
        calls++;
        return calls <= 3 ? HttpResponse.error() : HttpResponse.json({ data: [] });
      }),
    );
    const { client, sleeps } = testClient({ maxRetries: 3 });
    await client.accounts.list();
    expect(sleeps).toHaveLength(3);
    expect(sleeps[0]).toBeGreaterThanOrEqual(375);
    expect(sleeps[0]).toBeLessThanOrEqual(500);
    expect(sleeps[2]).toBeGreaterThanOrEqual(1500);
    expect(sleeps[2]).toBeLessThanOrEqual(2000);
  });

  it('caps the backoff at 8 seconds', () => {
    expect(backoffSeconds(10, () => 0)).toBe(8);
    expect(backoffSeconds(0, () => 0)).toBe(0.5);
  });

  it('throws instead of sleeping when Retry-After exceeds the longest wait', async () => {
    const seen = failOnceThenPublish(standard(429, 'rate_limited', {}, { 'Retry-After': '600' }));
    const { client, sleeps } = testClient();
    const error = await client.posts.create(post).catch((e: unknown) => e);
    expect((error as APIError).retryAfterSeconds).toBe(600);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('Idempotency-Key on POST /posts and POST /media', () => {
  it('generates one key per call and sends it unchanged on every retry', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(api('/posts'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length < 3 ? HttpResponse.error() : HttpResponse.json(published);
      }),
    );
    const { client } = testClient();
    await client.posts.create(post);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('uses a new key for a new call', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(api('/posts'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(published);
      }),
    );
    const { client } = testClient();
    await client.posts.create(post);
    await client.posts.create(post);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it.each([
    [
      'posts',
      (c: ReturnType<typeof testClient>['client']) => c.posts.create(post, { idempotencyKey: 'order-42' }),
      '/posts',
    ],
    [
      'media',
      (c: ReturnType<typeof testClient>['client']) =>
        c.media.import('https://e.com/a.jpg', { idempotencyKey: 'order-42' }),
      '/media',
    ],
  ])('passes the caller key through on %s', async (_name, call, path) => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${BASE}/api/v2${path}`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json(
              path === '/posts' ? published : { success: true, file_id: 'f', size: 1, type: 'image/jpeg' },
            );
      }),
    );
    const { client } = testClient();
    await call(client);
    expect(keys).toEqual(['order-42', 'order-42']);
  });

  it('sends no key on reads', async () => {
    let key: string | null = 'unset';
    server.use(
      http.get(api('/accounts'), ({ request }) => {
        key = request.headers.get('idempotency-key');
        return HttpResponse.json({ data: [] });
      }),
    );
    const { client } = testClient();
    await client.accounts.list();
    expect(key).toBeNull();
  });
});
