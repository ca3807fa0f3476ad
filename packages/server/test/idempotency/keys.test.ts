import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { LIMITS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import type { Fixture, TestApp } from '../helpers/test-app.js';
import {
  advanceClock,
  newKey,
  type StubApp,
  sampleImport,
  samplePost,
  useStubApp,
} from './idempotency-helpers.js';

let t: TestApp;
let f: Fixture;
let s: StubApp;
useStubApp((fixture) => {
  ({ t, f, s } = fixture);
});

const entry = (key: string, scope: 'posts' | 'media' = 'posts') =>
  t.services.repos.idempotency.get({ apiKeyId: f.keyId, scope, idempotencyKey: key });

describe('Idempotency-Key header format', () => {
  const longest = 'k'.repeat(LIMITS.idempotency.keyMaxLength);
  it.each([
    ['plain', 'abc-123', 'abc-123'],
    ['spaces around', '   abc   ', 'abc'],
    ['one pair of double quotes', '"abc"', 'abc'],
    ['spaces around the quotes', '  "abc"  ', 'abc'],
    ['spaces inside the quotes kept', '" a b "', ' a b '],
    ['only one pair removed', '""abc""', '"abc"'],
    ['punctuation and inner spaces', 'order #42: {retry}', 'order #42: {retry}'],
    ['255 characters', longest, longest],
  ])('accepts %s and names the entry by the normalised key', async (_name, header, normalised) => {
    const res = await s.request('/api/v2/posts', f.apiKey, samplePost(), header);
    expect(res.status).toBe(200);
    expect(entry(normalised)?.state).toBe('done');
    const again = await s.request('/legacy/posts', f.apiKey, samplePost(), header);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it.each([
    ['empty', ''],
    ['only spaces', '    '],
    ['empty quotes', '""'],
    ['256 characters', 'k'.repeat(LIMITS.idempotency.keyMaxLength + 1)],
    ['a tab inside', 'a\tb'],
    ['a non-ASCII letter', 'caf\u00e9'],
  ])('refuses %s with 400 idempotency_key_invalid and sends nothing', async (_name, header) => {
    const post = await s.request('/api/v2/posts', f.apiKey, samplePost(), header);
    expect(post.status).toBe(400);
    expect(await post.json()).toMatchObject({ error: { code: 'idempotency_key_invalid' } });
    const legacy = await s.request('/legacy/posts', f.apiKey, samplePost(), header);
    expect(await legacy.json()).toMatchObject({ error: { code: 'idempotency_key_invalid' } });
    const media = await s.request('/api/v2/media', f.apiKey, sampleImport(), header);
    expect(media.status).toBe(400);
    expect(await media.json()).toEqual({ error: expect.any(String), code: 'idempotency_key_invalid' });
    expect(s.runs).toEqual({ posts: 0, media: 0 });
  });

  it('treats a quoted key and the bare key as one entry', async () => {
    await s.request('/api/v2/posts', f.apiKey, samplePost(), ' "same-key" ');
    const bare = await s.request('/api/v2/posts', f.apiKey, samplePost(), 'same-key');
    expect(bare.headers.get('idempotent-replayed')).toBe('true');
    expect(s.runs.posts).toBe(1);
  });

  it('sends a request without the header every time', async () => {
    await s.request('/api/v2/posts', f.apiKey, samplePost());
    await s.request('/api/v2/posts', f.apiKey, samplePost());
    expect(s.runs.posts).toBe(2);
  });

  it('passes a body that is not JSON to the handler without claiming the key', async () => {
    const key = newKey();
    const res = await s.request('/api/v2/posts', f.apiKey, '{not json', key);
    expect(res.status).toBe(400);
    expect(entry(key)).toBeNull();
  });
});

describe('24 hours of memory', () => {
  it('replays until 24 hours after the first request, then sends afresh', async () => {
    const key = newKey();
    await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    await advanceClock(t, LIMITS.idempotency.rememberedSeconds - 1);
    const late = await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    expect(late.headers.get('idempotent-replayed')).toBe('true');
    await advanceClock(t, 1);
    const fresh = await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(s.runs.media).toBe(2);
  });

  it('purges expired entries as due work when the clock moves', async () => {
    const key = newKey();
    await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    expect(entry(key)).not.toBeNull();
    await advanceClock(t, LIMITS.idempotency.rememberedSeconds);
    expect(entry(key)).toBeNull();
  });

  it('accepts a different body with the key once it has expired', async () => {
    const key = newKey();
    await s.request('/api/v2/posts', f.apiKey, samplePost('one'), key);
    await advanceClock(t, LIMITS.idempotency.rememberedSeconds);
    expect((await s.request('/api/v2/posts', f.apiKey, samplePost('two'), key)).status).toBe(200);
  });
});

describe('faults and the stored answer', () => {
  it('stores the real answer under a fault when: after, and a replay returns it', async () => {
    const key = newKey();
    await t.admin('POST', '/faults', {
      match: { method: 'POST', path: '/api/v2/posts' },
      answer: { status: 502, code: 'upstream_unavailable' },
      when: 'after',
    });
    const faulted = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    expect(faulted.status).toBe(502);
    const replay = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({
      data: { status: 'published', post_id: 'post-1' },
      service: { id: 'svc-1' },
    });
    expect(s.runs.posts).toBe(1);
  });

  it('claims nothing under a fault when: before', async () => {
    const key = newKey();
    await t.admin('POST', '/faults', {
      match: { path: '/api/v2/media' },
      answer: { status: 503, code: 'uploads_busy', retry_after_seconds: 30 },
    });
    expect((await s.request('/api/v2/media', f.apiKey, sampleImport(), key)).status).toBe(503);
    expect(entry(key, 'media')).toBeNull();
    expect((await s.request('/api/v2/media', f.apiKey, sampleImport(), key)).status).toBe(200);
    expect(s.runs.media).toBe(1);
  });
});

describe('two identical requests at the same moment (real listener)', () => {
  async function listen(): Promise<{ base: string; close: () => Promise<void> }> {
    return new Promise((resolve) => {
      const server = serve({ fetch: s.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
        resolve({
          base: `http://127.0.0.1:${info.port}`,
          close: () => new Promise((done) => server.close(() => done())),
        });
      });
    });
  }

  it('sends once: the other answer is 409 in progress or the replay', async () => {
    const { base, close } = await listen();
    try {
      // The handler reads the body the middleware also read, and takes a moment, as a network would.
      s.answer.posts = async (c, n, body) => {
        await new Promise((done) => setTimeout(done, 50));
        return c.json({ run: n, echo: body });
      };
      const key = newKey();
      const send = () =>
        fetch(`${base}/api/v2/posts`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${f.apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body: JSON.stringify(samplePost()),
        });
      const answers = await Promise.all([send(), send(), send()]);
      expect(s.runs.posts).toBe(1);
      const sent = answers.filter((res) => res.status === 200 && !res.headers.get('idempotent-replayed'));
      expect(sent).toHaveLength(1);
      for (const res of answers) {
        if (res.status === 409) {
          expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
            'idempotency_in_progress',
          );
        } else {
          expect(await res.json()).toEqual({ run: 1, echo: samplePost() });
        }
      }
      const replay = await send();
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(s.runs.posts).toBe(1);
    } finally {
      await close();
    }
  });
});
