import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isVirtualClock } from '../../src/clocks/virtual-clock.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';
import { newKey } from './idempotency-helpers.js';

/** Idempotency on the real POST /api/v2/posts and POST /legacy/posts handlers. */
let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t, { threads: {}, x: {} }, { x_addon: true });
});
afterEach(() => t.close());

const threadsPost = (text = 'hello') => ({
  post: { accountId: f.profileId, platform: 'threads', content: { text } },
});

function send(body: unknown, key: string | null, path = '/api/v2/posts'): Promise<Response> {
  return t.api('POST', path, f.apiKey, {
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'idempotency-key': key }) },
    body: JSON.stringify(body),
  });
}

async function postsInHistory(): Promise<number> {
  const res = await t.api('GET', '/api/v2/posts', f.apiKey);
  return ((await res.json()) as { data: unknown[] }).data.length;
}

async function advance(seconds: number): Promise<void> {
  const clock = t.services.clock;
  if (!isVirtualClock(clock)) throw new Error('tests run on the virtual clock');
  await t.services.dueWork.advanceTo(new Date(clock.now().getTime() + seconds * 1000));
}

describe('idempotency on the real posts addresses', () => {
  it('replays a published post byte for byte, takes no 20-second wait and posts once', async () => {
    const key = newKey();
    const first = await send(threadsPost(), key);
    expect(first.status).toBe(200);
    const replay = await send(threadsPost(), key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(new Uint8Array(await replay.arrayBuffer())).toEqual(new Uint8Array(await first.arrayBuffer()));
    // The same post with a new key is a new post, and it does wait.
    expect((await send(threadsPost(), newKey())).status).toBe(429);
    expect(await postsInHistory()).toBe(1);
  });

  it('shares the entry between the current and the older address', async () => {
    const key = newKey();
    const first = await send(threadsPost(), key, '/legacy/posts');
    const current = await send(threadsPost(), key);
    expect(current.headers.get('idempotent-replayed')).toBe('true');
    expect(await current.text()).toBe(await first.text());
    expect(await postsInHistory()).toBe(1);
  });

  it('answers 422 for the key with another body and posts nothing more', async () => {
    const key = newKey();
    await send(threadsPost('one'), key);
    const res = await send(threadsPost('two'), key);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: { code: 'idempotency_key_reused', first_used_at: expect.any(String) },
    });
    expect(await postsInHistory()).toBe(1);
  });

  it('forgets a refusal: the fixed request with the same key is published', async () => {
    const key = newKey();
    const refused = await send(
      { post: { accountId: 'nobody', platform: 'threads', content: { text: 'x' } } },
      key,
    );
    expect(refused.status).toBe(403);
    const fixed = await send(threadsPost(), key);
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets a 429 rate_limited: the same request with the same key is sent after the wait', async () => {
    await send(threadsPost('first'), newKey());
    const key = newKey();
    expect((await send(threadsPost('second'), key)).status).toBe(429);
    await advance(20);
    const later = await send(threadsPost('second'), key);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await postsInHistory()).toBe(2);
  });

  it('does not claim the key on a dry run', async () => {
    const key = newKey();
    const dry = await send({ ...threadsPost('dry'), dryRun: true }, key);
    expect(dry.status).toBe(200);
    expect(((await dry.json()) as { dry_run: boolean }).dry_run).toBe(true);
    expect((await send(threadsPost('real'), key)).status).toBe(200);
  });

  it('stores the real answer under a fault when: after and replays it', async () => {
    await t.admin('POST', '/faults', {
      match: { method: 'POST', path: '/api/v2/posts' },
      answer: { status: 503, code: 'caller_check_unavailable', retry_after_seconds: 5 },
      when: 'after',
    });
    const key = newKey();
    expect((await send(threadsPost(), key)).status).toBe(503);
    const replay = await send(threadsPost(), key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await postsInHistory()).toBe(1);
  });

  it('remembers a network 5xx after sending and forgets a network refusal with its own code', async () => {
    await t.admin('PATCH', `/profiles/${f.profileId}/networks/x`, {
      simulate: {
        next: [
          { outcome: 'failed', error: { status: 403, code: 'x_rejected', message: 'duplicate' } },
          { outcome: 'failed', error: { status: 500, message: 'network failed' } },
        ],
      },
    });
    const xPost = (text: string) => ({ post: { accountId: f.profileId, platform: 'x', content: { text } } });
    const refusedKey = newKey();
    const refused = await send(xPost('one'), refusedKey);
    expect(refused.status).toBe(403);
    await advance(20);
    const unconfirmedKey = newKey();
    const unconfirmed = await send(xPost('two'), unconfirmedKey);
    expect(unconfirmed.status).toBe(500);
    await advance(20);
    // The refusal was forgotten: sent afresh (and the network now accepts it).
    const resent = await send(xPost('one'), refusedKey);
    expect(resent.status).toBe(200);
    expect(resent.headers.get('idempotent-replayed')).toBeNull();
    // The unconfirmed 5xx was remembered: replayed, not sent again.
    const replay = await send(xPost('two'), unconfirmedKey);
    expect(replay.status).toBe(500);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(await unconfirmed.text());
  });
});

describe('idempotency across a restart', () => {
  it('replays the first answer after the server restarts on the same data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-idempotency-'));
    try {
      const before = await testApp({ memory: false, dataDir });
      const fixture = await accountWithProfile(before, { threads: {} });
      const body = JSON.stringify({
        post: { accountId: fixture.profileId, platform: 'threads', content: { text: 'hi' } },
      });
      const init = {
        headers: { 'content-type': 'application/json', 'idempotency-key': 'restart-key' },
        body,
      };
      const first = await before.api('POST', '/api/v2/posts', fixture.apiKey, init);
      const firstText = await first.text();
      await before.close();
      const after = await testApp({ memory: false, dataDir });
      try {
        const replay = await after.api('POST', '/api/v2/posts', fixture.apiKey, init);
        expect(replay.headers.get('idempotent-replayed')).toBe('true');
        expect(await replay.text()).toBe(firstText);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
