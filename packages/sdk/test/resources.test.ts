import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIUserAbortError,
  DEFAULT_BASE_URL,
  MediaFailedError,
  type PostRequest,
  SocialPub,
  SocialPubError,
  WaitTimeoutError,
} from '../src/index.js';
import { api, BASE, testClient, useMockServer } from './helpers.js';

const server = useMockServer();
const post = { accountId: '@demobrand', platform: 'youtube', content: { mediaID: ['f1'] } } as PostRequest;
const service = { post_id: 'p1', scheduled_post_id: null, status_url: '/api/v2/posts/p1' };

describe('client defaults', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads SOCIALPUB_API_KEY and SOCIALPUB_BASE_URL from the environment', async () => {
    vi.stubEnv('SOCIALPUB_API_KEY', 'sk_env');
    vi.stubEnv('SOCIALPUB_BASE_URL', `${BASE}/`);
    let auth: string | null = null;
    server.use(
      http.get(api('/accounts'), ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: [] });
      }),
    );
    const client = new SocialPub();
    expect(client.baseURL).toBe(BASE);
    await client.accounts.list();
    expect(auth).toBe('Bearer sk_env');
  });

  it('defaults the base URL to the local reference server', () => {
    vi.stubEnv('SOCIALPUB_BASE_URL', '');
    expect(new SocialPub({ apiKey: 'k' }).baseURL).toBe(DEFAULT_BASE_URL);
  });

  it('refuses to start without an API key', () => {
    vi.stubEnv('SOCIALPUB_API_KEY', '');
    expect(() => new SocialPub()).toThrow(/SOCIALPUB_API_KEY/);
  });

  it('sends default and per-call headers', async () => {
    let seen: Headers | undefined;
    server.use(
      http.get(api('/accounts'), ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ data: [] });
      }),
    );
    const { client } = testClient({ defaultHeaders: { 'x-app': 'demo' } });
    await client.accounts.list({ headers: { 'x-trace': 't1' } });
    expect(seen?.get('x-app')).toBe('demo');
    expect(seen?.get('x-trace')).toBe('t1');
  });
});

describe('posts.create outcomes', () => {
  it.each([
    ['published', 200, { data: { status: 'success' }, service }],
    [
      'scheduled',
      202,
      { scheduled: true, code: 'scheduled', message: 'm', scheduled_post_id: 's1', service },
    ],
    [
      'queued',
      202,
      { queued: true, code: 'queued_for_next_day', message: 'm', scheduled_post_id: 's1', service },
    ],
    [
      'still_publishing',
      202,
      { success: false, status: 'unknown', code: 'still_publishing', retry: false, service },
    ],
    ['processing', 202, { data: { status: 'processing', job_id: 'j1', post_id: null }, service }],
    [
      'schedule_unconfirmed',
      202,
      { success: false, status: 'unknown', code: 'schedule_unconfirmed', retry: false },
    ],
  ])('answers kind %s', async (kind, status, body) => {
    server.use(http.post(api('/posts'), () => HttpResponse.json(body, { status })));
    const { client } = testClient();
    const outcome = await client.posts.create(post);
    expect(outcome.kind).toBe(kind);
    expect(outcome.body).toEqual(body);
    expect(outcome.service).toEqual((body as { service?: unknown }).service);
  });

  it('sends a dry run inside the body and answers its report', async () => {
    let body: unknown;
    server.use(
      http.post(api('/posts'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          dry_run: true,
          outcome: 'publish',
          would_publish: true,
          reason: { code: null, status: 200 },
          warnings: [],
        });
      }),
    );
    const { client } = testClient();
    const report = await client.posts.validate(post);
    expect(body).toEqual({ validate: post });
    expect(report.would_publish).toBe(true);
  });
});

describe('older addresses', () => {
  it('posts to /legacy/posts and imports at /legacy/media', async () => {
    const paths: string[] = [];
    server.use(
      http.post(`${BASE}/legacy/posts`, ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return HttpResponse.json({ data: { status: 'success' }, service });
      }),
      http.post(`${BASE}/legacy/media`, ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return HttpResponse.json({ success: true, file_id: 'f1', size: 1, type: 'image/png' });
      }),
      http.delete(`${BASE}/legacy/posts/:id`, ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return HttpResponse.json({ data: { scheduled_post_id: 's1', status: 'cancelled' } });
      }),
    );
    const { client } = testClient();
    await client.posts.create(post, { legacy: true });
    await client.media.import('https://e.com/a.png', { legacy: true });
    await client.posts.cancel('s1', { legacy: true });
    expect(paths).toEqual(['/legacy/posts', '/legacy/media', '/legacy/posts/s1']);
  });
});

describe('pagination', () => {
  it('follows next_cursor across three pages until null', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get(api('/posts'), ({ request }) => {
        const url = new URL(request.url);
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        expect(url.searchParams.get('limit')).toBe('2');
        const page = cursor === null ? 0 : Number(cursor.slice(1));
        const next = page < 2 ? `c${page + 1}` : null;
        const data = [
          { id: `p${page}a`, done: true },
          { id: `p${page}b`, done: true },
        ];
        return HttpResponse.json({
          data,
          next_cursor: next,
          next_url: next && `/api/v2/posts?cursor=${next}`,
        });
      }),
    );
    const { client } = testClient();
    const ids: string[] = [];
    for await (const record of client.posts.list({ limit: 2 })) ids.push(record.id);
    expect(ids).toEqual(['p0a', 'p0b', 'p1a', 'p1b', 'p2a', 'p2b']);
    expect(cursors).toEqual([null, 'c1', 'c2']);
  });

  it('answers the first page when awaited and every page through pages()', async () => {
    server.use(
      http.get(api('/media/files'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const next = cursor === null ? 'n1' : null;
        return HttpResponse.json({
          data: [{ file_id: cursor ?? 'first' }],
          next_cursor: next,
          next_url: null,
          now: 't',
        });
      }),
    );
    const { client } = testClient();
    const first = await client.media.files.list({ type: 'image' });
    expect(first.data.map((item) => item.file_id)).toEqual(['first']);
    const pages = [];
    for await (const page of client.media.files.list().pages()) pages.push(page.next_cursor);
    expect(pages).toEqual(['n1', null]);
  });

  it('skips library files seen on an overlapping page', async () => {
    server.use(
      http.get(api('/media/files'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const data =
          cursor === null ? [{ file_id: 'a' }, { file_id: 'b' }] : [{ file_id: 'b' }, { file_id: 'c' }];
        return HttpResponse.json({
          data,
          next_cursor: cursor === null ? 'n' : null,
          next_url: null,
          now: 't',
        });
      }),
    );
    const { client } = testClient();
    const ids = (await client.media.files.list().toArray()).map((item) => item.file_id);
    expect(ids).toEqual(['a', 'b', 'c']);
  });
});

describe('waiting', () => {
  it('polls a post every 30 seconds until done', async () => {
    let reads = 0;
    server.use(
      http.get(api('/posts/:id'), () => {
        reads++;
        return HttpResponse.json({
          id: 'p1',
          kind: 'post',
          status: reads < 3 ? 'processing' : 'success',
          done: reads >= 3,
        });
      }),
    );
    const { client, sleeps } = testClient();
    const record = await client.posts.waitUntilDone('p1');
    expect(record.done).toBe(true);
    expect(sleeps).toEqual([30_000, 30_000]);
  });

  describe('the pace of the reads', () => {
    afterEach(() => vi.unstubAllEnvs());

    /** A post done at its third read, and a media file ready at its third. */
    function doneAtThirdRead(): void {
      let postReads = 0;
      const media = ['processing', 'verifying', 'ready'];
      server.use(
        http.get(api('/posts/:id'), () => {
          postReads++;
          return HttpResponse.json({ id: 'p1', kind: 'post', status: 'processing', done: postReads >= 3 });
        }),
        http.get(api('/media'), () =>
          HttpResponse.json({ success: true, file_id: 'f1', status: media.shift() }),
        ),
      );
    }

    it('reads SOCIALPUB_POLL_SECONDS for every wait', async () => {
      vi.stubEnv('SOCIALPUB_POLL_SECONDS', '1.5');
      doneAtThirdRead();
      const { client, sleeps } = testClient();
      await client.posts.waitUntilDone('p1');
      await client.media.waitUntilReady('f1');
      expect(sleeps).toEqual([1_500, 1_500, 1_500, 1_500]);
    });

    it("takes pollIntervalSeconds over the environment, and a wait's intervalMs over both", async () => {
      vi.stubEnv('SOCIALPUB_POLL_SECONDS', '1.5');
      doneAtThirdRead();
      const { client, sleeps } = testClient({ pollIntervalSeconds: 2 });
      await client.posts.waitUntilDone('p1');
      await client.media.waitUntilReady('f1', { intervalMs: 250 });
      expect(sleeps).toEqual([2_000, 2_000, 250, 250]);
    });

    it('refuses a pace that is not a positive number of seconds, naming where it came from', () => {
      for (const bad of ['0', '-5', 'soon', 'Infinity']) {
        vi.stubEnv('SOCIALPUB_POLL_SECONDS', bad);
        expect(() => testClient()).toThrow(
          `SOCIALPUB_POLL_SECONDS must be a positive number of seconds, such as 30 (got ${bad}).`,
        );
      }
      vi.stubEnv('SOCIALPUB_POLL_SECONDS', '');
      expect(() => testClient({ pollIntervalSeconds: 0 })).toThrow(/^pollIntervalSeconds must be a positive/);
      expect(testClient().client).toBeInstanceOf(SocialPub);
    });
  });

  it('gives up with WaitTimeoutError after timeoutMs', async () => {
    server.use(
      http.get(api('/posts/:id'), () => HttpResponse.json({ id: 'p1', status: 'timeout', done: false })),
    );
    const { client, sleeps } = testClient();
    await expect(client.posts.waitUntilDone('p1', { timeoutMs: 90_000 })).rejects.toBeInstanceOf(
      WaitTimeoutError,
    );
    expect(sleeps).toEqual([30_000, 30_000, 30_000]);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    server.use(
      http.get(api('/posts/:id'), () => {
        controller.abort();
        return HttpResponse.json({ id: 'p1', done: false });
      }),
    );
    const { client } = testClient();
    await expect(client.posts.waitUntilDone('p1', { signal: controller.signal })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
  });

  it('polls media every 15 seconds while verifying and answers the ready file', async () => {
    const states = ['processing', 'verifying', 'ready'];
    let fileIdAsked: string | null = null;
    server.use(
      http.get(api('/media'), ({ request }) => {
        fileIdAsked = new URL(request.url).searchParams.get('file_id');
        return HttpResponse.json({ success: states[0] === 'ready', file_id: 'f1', status: states.shift() });
      }),
    );
    const { client, sleeps } = testClient();
    const file = await client.media.waitUntilReady('f1');
    expect(file.status).toBe('ready');
    expect(fileIdAsked).toBe('f1');
    expect(sleeps).toEqual([10_000, 15_000]);
  });

  it('throws MediaFailedError when the import failed', async () => {
    server.use(
      http.get(api('/media'), () =>
        HttpResponse.json({ success: false, file_id: 'f1', status: 'failed', error: 'source lost' }),
      ),
    );
    const { client } = testClient();
    const error = await client.media.waitUntilReady('f1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaFailedError);
    expect(error).toBeInstanceOf(SocialPubError);
    expect((error as MediaFailedError).message).toBe('source lost');
  });
});

describe('accounts', () => {
  it('asks options with platforms and skool_group_slug', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(api('/accounts/:id/options'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({ data: { profile_id: 'p', networks: [] } });
      }),
    );
    const { client } = testClient();
    await client.accounts.options('p', { platforms: ['tiktok', 'skool'], skoolGroupSlug: 'makers' });
    expect(query?.get('platforms')).toBe('tiktok,skool');
    expect(query?.get('skool_group_slug')).toBe('makers');
  });
});
