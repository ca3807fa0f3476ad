import { apiError, LIMITS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/domain/idempotency/index.js';
import { setIdempotencyOutcome } from '../../src/http/idempotency.js';
import { CLOCK_START, type Fixture, type TestApp } from '../helpers/test-app.js';
import {
  advanceClock,
  failingStore,
  gate,
  newKey,
  type StubApp,
  sampleImport,
  samplePost,
  stubApp,
  useStubApp,
} from './idempotency-helpers.js';

let t: TestApp;
let f: Fixture;
let s: StubApp;
useStubApp((fixture) => {
  ({ t, f, s } = fixture);
});

const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('rule 1: same key and same body within 24 hours', () => {
  it('returns the first answer byte for byte with Idempotent-Replayed and does not send again', async () => {
    const key = newKey();
    s.answer.posts = async (c, n) => {
      c.header('Retry-After', '30');
      c.header('X-Stub-Run', String(n));
      return c.json({ success: false, status: 'unknown', code: 'still_publishing', post_id: `p-${n}` }, 202);
    };
    const body = { post: { platform: 'x', accountId: 'Brand', content: { text: 'Hi', mediaID: ['a'] } } };
    const first = await s.request('/api/v2/posts', f.apiKey, body, key);
    // Field order is irrelevant: the same JSON body written in another order.
    const reordered = {
      post: { content: { mediaID: ['a'], text: 'Hi' }, accountId: 'Brand', platform: 'x' },
    };
    const replay = await s.request('/api/v2/posts', f.apiKey, reordered, key);

    expect(s.runs.posts).toBe(1);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.status).toBe(first.status);
    for (const name of ['content-type', 'retry-after', 'x-stub-run']) {
      expect(replay.headers.get(name)).toBe(first.headers.get(name));
    }
    expect(await bytes(replay)).toEqual(await bytes(first));
  });

  it('counts a replay in the request count of the entry and logs it as replayed', async () => {
    const key = newKey();
    await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    const entry = t.services.repos.idempotency.get({
      apiKeyId: f.keyId,
      scope: 'posts',
      idempotencyKey: key,
    });
    expect(entry?.requestCount).toBe(3);
    const log = (await (await t.admin('GET', `/requests?account_id=${f.accountId}`)).json()) as {
      data: { idempotency_key: string | null; replayed: boolean; path: string }[];
    };
    const mine = log.data.filter((entry) => entry.path === '/api/v2/posts');
    expect(mine).toHaveLength(3);
    expect(mine.every((entry) => entry.idempotency_key === key)).toBe(true);
    expect(mine.filter((entry) => entry.replayed)).toHaveLength(2);
  });

  it('replays a media import answer in the media shape', async () => {
    const key = newKey();
    const first = await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    const replay = await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    expect(s.runs.media).toBe(1);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await bytes(replay)).toEqual(await bytes(first));
  });
});

describe('rule 2: whose key it is', () => {
  it('shares one entry between the current and the older posts address', async () => {
    const key = newKey();
    const first = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    const legacy = await s.request('/legacy/posts', f.apiKey, samplePost(), key);
    expect(s.runs.posts).toBe(1);
    expect(legacy.headers.get('idempotent-replayed')).toBe('true');
    expect(await bytes(legacy)).toEqual(await bytes(first));
  });

  it('shares one entry between the current and the older media address', async () => {
    const key = newKey();
    await s.request('/legacy/media', f.apiKey, sampleImport(), key);
    const current = await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    expect(s.runs.media).toBe(1);
    expect(current.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps posts and media apart: the same value names an import and a post', async () => {
    const key = newKey();
    const post = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    const media = await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    expect(post.status).toBe(200);
    expect(media.status).toBe(200);
    expect(media.headers.get('idempotent-replayed')).toBeNull();
    expect(s.runs).toEqual({ posts: 1, media: 1 });
  });

  it('does not show one API key the entries of another key of the same account', async () => {
    const second = (await (
      await t.admin('POST', `/accounts/${f.accountId}/keys`, { name: 'second' })
    ).json()) as {
      api_key: string;
    };
    const key = newKey();
    await s.request('/api/v2/posts', f.apiKey, samplePost('one'), key);
    const other = await s.request('/api/v2/posts', second.api_key, samplePost('two'), key);
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(s.runs.posts).toBe(2);
  });
});

describe('rule 3: same key, different body', () => {
  it('answers 422 idempotency_key_reused with first_used_at and sends nothing', async () => {
    const key = newKey();
    await s.request('/api/v2/posts', f.apiKey, samplePost('one'), key);
    await advanceClock(t, 60);
    const res = await s.request('/api/v2/posts', f.apiKey, samplePost('two'), key);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: { code: 'idempotency_key_reused', first_used_at: CLOCK_START.toISOString() },
    });
    expect(s.runs.posts).toBe(1);
  });

  it('answers it in the media-import shape on the media address', async () => {
    const key = newKey();
    await s.request('/legacy/media', f.apiKey, sampleImport('https://example.com/1.png'), key);
    const res = await s.request('/api/v2/media', f.apiKey, sampleImport('https://example.com/2.png'), key);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: expect.any(String),
      code: 'idempotency_key_reused',
      first_used_at: CLOCK_START.toISOString(),
    });
    expect(s.runs.media).toBe(1);
  });
});

describe('rules 4 and 5: the first request has not finished', () => {
  it('answers 409 idempotency_in_progress with Retry-After 5 while the first runs, then replays it', async () => {
    const key = newKey();
    const latch = gate();
    s.answer.posts = async (c, n) => {
      latch.enter();
      await latch.wait;
      return c.json({ data: { status: 'published', post_id: `p-${n}` } });
    };
    const first = s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    await latch.entered;
    const second = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe(String(LIMITS.idempotency.retryAfterSeconds));
    expect(await second.json()).toMatchObject({
      error: { code: 'idempotency_in_progress', retry_after_seconds: LIMITS.idempotency.retryAfterSeconds },
    });
    latch.open();
    const firstAnswer = await first;
    const third = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(await bytes(third)).toEqual(await bytes(firstAnswer));
    expect(s.runs.posts).toBe(1);
  });

  it('answers in progress in the media shape with retry_after_seconds beside error', async () => {
    const key = newKey();
    const latch = gate();
    s.answer.media = async (c) => {
      latch.enter();
      await latch.wait;
      return c.json({ success: true, file_id: 'f', status: 'ready' });
    };
    const first = s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    await latch.entered;
    const second = await s.request('/legacy/media', f.apiKey, sampleImport(), key);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: expect.any(String),
      code: 'idempotency_in_progress',
      retry_after_seconds: LIMITS.idempotency.retryAfterSeconds,
    });
    latch.open();
    await first;
  });

  it('is still in progress at exactly 10 minutes and outcome unknown after, without Retry-After', async () => {
    const key = newKey();
    const latch = gate();
    s.answer.posts = async (c) => {
      latch.enter();
      await latch.wait;
      return c.json({ data: { status: 'published' } });
    };
    const first = s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    await latch.entered;
    await advanceClock(t, LIMITS.idempotency.inProgressSeconds);
    expect((await s.request('/api/v2/posts', f.apiKey, samplePost(), key)).status).toBe(409);
    await advanceClock(t, 1);
    const unknown = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    expect(unknown.status).toBe(409);
    expect(unknown.headers.get('retry-after')).toBeNull();
    expect(await unknown.json()).toMatchObject({ error: { code: 'idempotency_outcome_unknown' } });
    latch.open();
    await first;
    expect(s.runs.posts).toBe(1);
  });

  it('reads a marker left by a crash as outcome unknown after 10 minutes', async () => {
    const key = newKey();
    const now = t.services.clock.now();
    t.services.repos.idempotency.claim(
      {
        apiKeyId: f.keyId,
        scope: 'media',
        idempotencyKey: key,
        bodySha256: requestFingerprint(sampleImport()),
        claimToken: 'crashed',
        firstUsedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + LIMITS.idempotency.rememberedSeconds * 1000).toISOString(),
      },
      now.toISOString(),
    );
    await advanceClock(t, LIMITS.idempotency.inProgressSeconds + 1);
    const res = await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'idempotency_outcome_unknown' });
    expect(s.runs.media).toBe(0);
  });
});

describe('rule 6: the key cannot be checked', () => {
  it.each([
    ['/api/v2/posts', samplePost()],
    ['/legacy/media', sampleImport()],
  ])('answers 503 idempotency_unavailable with Retry-After 5 on %s and sends nothing', async (path, body) => {
    const broken = stubApp(t, failingStore);
    const res = await broken.request(path, f.apiKey, body, newKey());
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(LIMITS.idempotency.retryAfterSeconds));
    expect(JSON.stringify(await res.json())).toContain('idempotency_unavailable');
    expect(broken.runs).toEqual({ posts: 0, media: 0 });
  });

  it('answers 503 on the real app when the idempotency table is gone', async () => {
    t.services.db.exec('DROP TABLE idempotency_entries');
    const res = await t.api('POST', '/api/v2/posts', f.apiKey, {
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(samplePost()),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: { code: 'idempotency_unavailable', retry_after_seconds: 5 },
    });
  });
});

describe('rules 7 and 8: what is remembered', () => {
  it.each([
    ['200 published', 200, undefined],
    ['202 scheduled', 202, undefined],
    ['500 platform_error after sending, flagged remember', 500, 'remember' as const],
  ])('remembers %s', async (_name, status, flag) => {
    const key = newKey();
    s.answer.posts = async (c, n) => {
      if (flag) setIdempotencyOutcome(c, flag);
      if (status >= 400) throw apiError('platform_error', `network failed without a code (${n})`);
      return c.json({ run: n }, status as 200 | 202);
    };
    const first = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    const again = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    expect(first.status).toBe(status);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await bytes(again)).toEqual(await bytes(first));
    expect(s.runs.posts).toBe(1);
  });

  it.each([
    ['400 bad_request', () => apiError('bad_request', 'missing post')],
    [
      '409 media_processing',
      () => apiError('media_processing', 'still importing', { extra: { file_id: 'f' } }),
    ],
    ['429 rate_limited', () => apiError('rate_limited', 'wait', { retryAfterSeconds: 20 })],
    ['503 caller_check_unavailable', () => apiError('caller_check_unavailable', 'later')],
    [
      '403 x_rejected (the network refused with its own code)',
      () => apiError('x_rejected', 'duplicate', { status: 403 }),
    ],
  ])('forgets %s: the fixed request with the same key is sent afresh', async (_name, refusal) => {
    const key = newKey();
    s.answer.posts = async () => {
      throw refusal();
    };
    const refused = await s.request('/api/v2/posts', f.apiKey, samplePost('broken'), key);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.get('idempotent-replayed')).toBeNull();
    s.answer.posts = async (c, n) => c.json({ data: { status: 'published', run: n } });
    const fixed = await s.request('/api/v2/posts', f.apiKey, samplePost('fixed'), key);
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(s.runs.posts).toBe(2);
  });

  it('lets a handler forget a 2xx it flags forget', async () => {
    const key = newKey();
    s.answer.media = async (c) => {
      setIdempotencyOutcome(c, 'forget');
      return c.json({ success: true }, 200);
    };
    await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    await s.request('/api/v2/media', f.apiKey, sampleImport(), key);
    expect(s.runs.media).toBe(2);
  });
});

describe('rule 9: a replay is the first answer, not the current state', () => {
  it('replays a 202 processing after the post has finished', async () => {
    const key = newKey();
    let state = 'processing';
    s.answer.posts = async (c) => c.json({ data: { status: state, post_id: 'p-1' } }, 202);
    await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    state = 'success';
    const replay = await s.request('/api/v2/posts', f.apiKey, samplePost(), key);
    expect(replay.status).toBe(202);
    expect(await replay.json()).toEqual({ data: { status: 'processing', post_id: 'p-1' } });
  });
});

describe('rule 10: requests the header does not apply to', () => {
  it('ignores the header, even an invalid one, on GET and DELETE', async () => {
    const headers = { authorization: `Bearer ${f.apiKey}`, 'idempotency-key': '' };
    expect((await s.app.request('/api/v2/posts', { headers })).status).toBe(200);
    expect((await s.app.request('/api/v2/posts/abc', { method: 'DELETE', headers })).status).toBe(200);
  });

  it.each([
    ['dryRun beside post', { ...samplePost(), dryRun: true }],
    ['dryRun inside post', { post: { ...samplePost().post, dryRun: true } }],
    ['validate instead of post', { validate: samplePost().post }],
  ])('runs every %s without claiming the key', async (_name, body) => {
    const key = newKey();
    for (let i = 0; i < 2; i++) {
      const res = await s.request('/api/v2/posts', f.apiKey, body, key);
      expect(res.status).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(
      t.services.repos.idempotency.get({ apiKeyId: f.keyId, scope: 'posts', idempotencyKey: key }),
    ).toBeNull();
    const real = await s.request('/api/v2/posts', f.apiKey, samplePost('other'), key);
    expect(real.status).toBe(200);
    expect(s.runs.posts).toBe(1);
  });

  it('ignores even an invalid key on a dry run', async () => {
    const res = await s.request('/api/v2/posts', f.apiKey, { ...samplePost(), dryRun: true }, '');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ dry_run: true });
  });

  it('leaves a bad dryRun value to the handler (400) and does not claim the key', async () => {
    const key = newKey();
    const res = await s.request('/api/v2/posts', f.apiKey, { ...samplePost(), dryRun: 'yes' }, key);
    expect(res.status).toBe(400);
    expect(
      t.services.repos.idempotency.get({ apiKeyId: f.keyId, scope: 'posts', idempotencyKey: key }),
    ).toBeNull();
  });
});
