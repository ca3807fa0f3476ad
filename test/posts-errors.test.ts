import type { Profile } from '@socialpub/core';
import {
  APIConnectionError,
  PermissionDeniedError,
  RateLimitError,
  SocialPub,
  UnprocessableEntityError,
} from '@socialpub/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf } from './helpers/rejection.js';
import { TestServer } from './helpers/test-server.js';

let t: TestServer;
let brand: Profile;

beforeAll(async () => {
  t = await TestServer.start();
  ({ brand } = await t.demoProfiles());
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.advance(21);
});

function xPost(text: string) {
  return { accountId: brand.profile_id, platform: 'x' as const, content: { text } };
}

async function xPostIds(client: SocialPub): Promise<string[]> {
  const posts = await client.posts.list({ kind: 'post', platform: 'x', limit: 100 }).toArray();
  return posts.map((post) => post.id);
}

describe('the 20-second spacing', () => {
  it('throws RateLimitError rate_limited with retryAfterSeconds, without retrying past maxRetryWaitSeconds', async () => {
    const pauses: number[] = [];
    const client = t.client({
      maxRetryWaitSeconds: 10,
      sleep: async (ms) => {
        pauses.push(ms);
      },
    });
    await client.posts.create(xPost('first'));
    await t.advance(5);
    const error = await rejectionOf(
      client.posts.create(xPost('second'), { idempotencyKey: 'spacing-1' }),
      RateLimitError,
    );
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(error.retryAfterSeconds).toBeGreaterThan(10);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(15);
    // The asked wait is longer than the client may sleep on its own: thrown at once, never resent.
    expect(pauses).toEqual([]);
    const sent = (await t.requests(t.demoAccountId)).filter((entry) => entry.idempotency_key === 'spacing-1');
    expect(sent.map((entry) => entry.status)).toEqual([429]);
  });

  it('sleeps the asked Retry-After once when it is within maxRetryWaitSeconds, then publishes', async () => {
    const pauses: number[] = [];
    const client = t.client({
      sleep: async (ms) => {
        pauses.push(ms);
        await t.advance(ms / 1000);
      },
    });
    await client.posts.create(xPost('first of two'));
    const outcome = await client.posts.create(xPost('second of two'), { idempotencyKey: 'spacing-2' });
    expect(outcome.kind).toBe('published');
    expect(pauses).toEqual([20_000]);
    const sent = (await t.requests(t.demoAccountId)).filter((entry) => entry.idempotency_key === 'spacing-2');
    expect(sent.map((entry) => entry.status).sort()).toEqual([200, 429]);
  });
});

describe('plan gates', () => {
  it('throws PermissionDeniedError plan_required for an x post from a free account', async () => {
    const free = await t.createAccount({ plan: 'free', platforms: ['x', 'linkedin'] });
    const client = new SocialPub({ apiKey: free.apiKey, baseURL: t.url });
    const error = await rejectionOf(
      client.posts.create({ accountId: free.profileId, platform: 'x', content: { text: 'no add-on' } }),
      PermissionDeniedError,
    );
    expect(error).toMatchObject({ status: 403, code: 'plan_required' });
    expect(error.fields).toMatchObject({ platform: 'x', plan: 'free' });
    expect(typeof error.fields['upgrade_url']).toBe('string');
    const outcome = await client.posts.create({
      accountId: free.profileId,
      platform: 'linkedin',
      content: { text: 'ok' },
    });
    expect(outcome.kind).toBe('published');
  });
});

describe('a refusal by the network', () => {
  it('carries top-level service with the post record it made, read by the SDK', async () => {
    await t.admin('PATCH', `/profiles/${brand.profile_id}/networks/x`, {
      simulate: {
        next: [{ outcome: 'failed', error: { status: 403, code: 'x_rejected', message: 'Duplicate.' } }],
      },
    });
    const client = t.client({ maxRetries: 0 });
    const error = await rejectionOf(client.posts.create(xPost('refused by x')), PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'x_rejected' });
    const postId = error.service?.post_id ?? '';
    expect(error.service?.status_url).toBe(`${t.url}/api/v2/posts/${postId}`);
    const record = await client.posts.retrieve(postId);
    expect(record).toMatchObject({ kind: 'post', status: 'failed', platform: 'x' });
  });
});

describe('idempotency', () => {
  it('answers the same post id for the same key and body, replayed, and publishes once', async () => {
    const client = t.client({ maxRetries: 0 });
    const before = await xPostIds(client);
    const first = await client.posts.create(xPost('idempotent'), { idempotencyKey: 'same-key-1' });
    const again = await client.posts.create(xPost('idempotent'), { idempotencyKey: 'same-key-1' });
    expect(first.kind).toBe('published');
    expect(again.service?.post_id).toBe(first.service?.post_id);
    expect(again.body).toEqual(first.body);
    const log = (await t.requests(t.demoAccountId)).filter((entry) => entry.idempotency_key === 'same-key-1');
    expect(log.map((entry) => entry.replayed).sort()).toEqual([false, true]);
    const after = await xPostIds(client);
    expect(after.filter((id) => !before.includes(id))).toEqual([first.service?.post_id]);
  });

  it('refuses the same key with another body: 422 idempotency_key_reused', async () => {
    const client = t.client({ maxRetries: 0 });
    await client.posts.create(xPost('one body'), { idempotencyKey: 'same-key-2' });
    const error = await rejectionOf(
      client.posts.create(xPost('another body'), { idempotencyKey: 'same-key-2' }),
      UnprocessableEntityError,
    );
    expect(error.code).toBe('idempotency_key_reused');
  });

  it('retries a lost answer with the same key and gets the replayed answer: exactly one post exists', async () => {
    const client = t.client({ sleep: async () => undefined });
    const before = await xPostIds(client);
    const fault = await t.admin('POST', '/faults', {
      match: { method: 'POST', path: '/api/v2/posts' },
      answer: 'drop',
      when: 'after',
    });
    expect(fault.status).toBe(201);
    const outcome = await client.posts.create(xPost('sent once, answered twice'));
    expect(outcome.kind).toBe('published');
    const log = (await t.requests(t.demoAccountId)).filter(
      (entry) => entry.path === '/api/v2/posts' && entry.method === 'POST',
    );
    const key = log[0]?.idempotency_key;
    expect(key).toBeTruthy();
    const attempts = log.filter((entry) => entry.idempotency_key === key);
    expect(attempts).toHaveLength(2);
    expect(attempts.map((entry) => entry.replayed).sort()).toEqual([false, true]);
    const created = (await xPostIds(client)).filter((id) => !before.includes(id));
    expect(created).toEqual([outcome.service?.post_id]);
  });

  it('surfaces a dropped answer as APIConnectionError when retries are off: the post was still made', async () => {
    const client = t.client({ maxRetries: 0 });
    const before = await xPostIds(client);
    await t.admin('POST', '/faults', {
      match: { method: 'POST', path: '/api/v2/posts' },
      answer: 'drop',
      when: 'after',
    });
    await rejectionOf(
      client.posts.create(xPost('lost answer'), { idempotencyKey: 'lost-1' }),
      APIConnectionError,
    );
    const created = (await xPostIds(client)).filter((id) => !before.includes(id));
    expect(created).toHaveLength(1);
    // Sending again with the same key replays instead of posting twice.
    const replay = await client.posts.create(xPost('lost answer'), { idempotencyKey: 'lost-1' });
    expect(replay.service?.post_id).toBe(created[0]);
  });
});
