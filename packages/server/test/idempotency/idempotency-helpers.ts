import { randomUUID } from 'node:crypto';
import { apiError, readDryRun } from '@socialpub/core';
import { type Context, Hono } from 'hono';
import { afterEach, beforeEach } from 'vitest';
import { isVirtualClock } from '../../src/clocks/virtual-clock.js';
import type { IdempotencyStore } from '../../src/db/idempotency-repo.js';
import { IdempotencyService } from '../../src/domain/idempotency/index.js';
import type { AppEnv } from '../../src/http/context.js';
import { IDEMPOTENT_ADDRESSES, idempotency, mayClaim } from '../../src/http/idempotency.js';
import { readJsonObject } from '../../src/http/json-body.js';
import { Pipeline } from '../../src/http/pipeline.js';
import { pipelineSteps } from '../../src/http/pipeline-steps.js';
import { onlyWhen } from '../../src/http/route-chain.js';
import { API_NEEDS } from '../../src/http/route-needs.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

export type StubScope = 'posts' | 'media';
/** What a stub handler answers; `n` is this scope's handler run number, from 1. */
export type StubAnswer = (c: Context<AppEnv>, n: number, body: Record<string, unknown>) => Promise<Response>;

/**
 * An app on the server's own pipeline (its steps: the request log, the key check, faults; then
 * idempotency on its four addresses, as `createApp` registers them) over the real services of a test app, with stub POST /posts and POST /media handlers that count how
 * often they ran: a request that reaches one "was sent".
 */
export interface StubApp {
  app: Hono<AppEnv>;
  runs: Record<StubScope, number>;
  /** Replace the answer of the next handler runs of a scope (default: a success). */
  answer: Record<StubScope, StubAnswer>;
  request(path: string, key: string, body: unknown, idempotencyKey?: string | null): Promise<Response>;
}

export const successAnswers: Record<StubScope, StubAnswer> = {
  posts: async (c, n) =>
    c.json({ data: { status: 'published', post_id: `post-${n}` }, service: { id: `svc-${n}` } }),
  media: async (c, n) =>
    c.json({
      success: true,
      file_id: `00000000-0000-4000-8000-00000000000${n % 10}`,
      size: 10,
      type: 'image/png',
      status: 'ready',
    }),
};

export function stubApp(t: TestApp, store: IdempotencyStore = t.services.repos.idempotency): StubApp {
  const s = t.services;
  const service = new IdempotencyService(store, s.clock);
  const pipeline = new Pipeline(pipelineSteps(s)).area('/api/v2/', API_NEEDS).area('/legacy/', API_NEEDS);
  for (const [path, scope] of IDEMPOTENT_ADDRESSES) {
    pipeline.use(path, onlyWhen(mayClaim, idempotency(scope, service)));
  }
  const routes = new Hono<AppEnv>();
  let app: Hono<AppEnv> | undefined;

  const stub: StubApp = {
    runs: { posts: 0, media: 0 },
    answer: { ...successAnswers },
    get app() {
      app ??= pipeline.mount('/', routes).build();
      return app;
    },
    request: (path, key, body, idempotencyKey) =>
      Promise.resolve(
        stub.app.request(path, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            ...(idempotencyKey === undefined || idempotencyKey === null
              ? {}
              : { 'idempotency-key': idempotencyKey }),
          },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
  };
  const handle = (scope: StubScope) => async (c: Context<AppEnv>) => {
    const body = await readJsonObject(c);
    if (scope === 'posts') {
      const dryRun = readDryRun(body);
      if (dryRun === 'invalid') throw apiError('bad_request', 'dryRun must be true or false.');
      if (dryRun) return c.json({ dry_run: true, outcome: 'publish', would_publish: true, warnings: [] });
    }
    stub.runs[scope] += 1;
    return stub.answer[scope](c, stub.runs[scope], body);
  };
  for (const path of ['/api/v2/posts', '/legacy/posts']) routes.post(path, handle('posts'));
  for (const path of ['/api/v2/media', '/legacy/media']) routes.post(path, handle('media'));
  routes.get('/api/v2/posts', (c) => c.json({ data: [] }));
  routes.delete('/api/v2/posts/:id', (c) => c.json({ cancelled: true, id: c.req.param('id') }));
  return stub;
}

/** A store whose every call fails, as when the idempotency table cannot be read (rule 6). */
export const failingStore: IdempotencyStore = {
  claim: () => {
    throw new Error('SQLITE_IOERR: disk I/O error');
  },
  complete: () => {
    throw new Error('SQLITE_IOERR: disk I/O error');
  },
  release: () => {
    throw new Error('SQLITE_IOERR: disk I/O error');
  },
  purgeExpired: () => {
    throw new Error('SQLITE_IOERR: disk I/O error');
  },
  nextExpiry: () => {
    throw new Error('SQLITE_IOERR: disk I/O error');
  },
};

/** A latch a stub handler waits on, so a first request stays "still running" as long as a test needs. */
export function gate(): { wait: Promise<void>; open: () => void; entered: Promise<void>; enter: () => void } {
  let open = () => {};
  let enter = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  return { wait, open, entered, enter };
}

export const samplePost = (text = 'Hello') => ({
  post: { accountId: 'Brand', platform: 'x', content: { text } },
});

export const sampleImport = (url = 'https://example.com/a.png') => ({ url });

export function newKey(): string {
  return `key-${randomUUID()}`;
}

export interface StubFixture {
  t: TestApp;
  f: Fixture;
  s: StubApp;
}

/**
 * A fresh app per test with one account and profile, and a stub app over its services; `use`
 * receives each test's trio, and the app is closed after the test.
 */
export function useStubApp(use: (fixture: StubFixture) => void): void {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp();
    const f = await accountWithProfile(t);
    use({ t, f, s: stubApp(t) });
  });
  afterEach(() => t.close());
}

/** Moves the virtual clock on, running the work that falls due (entry expiry, rule 9). */
export async function advanceClock(t: TestApp, seconds: number): Promise<void> {
  const clock = t.services.clock;
  if (!isVirtualClock(clock)) throw new Error('tests run on the virtual clock');
  await t.services.dueWork.advanceTo(new Date(clock.now().getTime() + seconds * 1000));
}
