import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/http/context.js';
import { type AreaMount, lazyApp } from '../../src/http/lazy-app.js';

// http/lazy-app.ts: an area (the dashboard, the admin API, the OAuth endpoints) is loaded and its
// routes built at the first request under one of its prefixes, once, and answers with the
// variables and bindings of the main app's request.

function area(loads: { count: number }): () => Promise<AreaMount> {
  return async () => {
    loads.count += 1;
    return (app) => {
      app.notFound((c) => c.text(`area 404 ${c.req.path}`, 404));
      app.onError((error, c) => c.text(`area error: ${error.message}`, 500));
      app.get('/one/seen', (c) =>
        c.json({
          path: c.req.path,
          baseUrl: c.get('baseUrl'),
          socket: (c.env as { socket?: string } | undefined)?.socket ?? null,
        }),
      );
      app.get('/two', (c) => c.text('two'));
      app.get('/two/fails', () => {
        throw new Error('broken');
      });
    };
  };
}

function mainApp(loads: { count: number }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', (c, next) => {
    c.set('baseUrl', 'http://localhost:4010');
    return next();
  });
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.route('/', lazyApp(['/one', '/two'], area(loads)));
  app.notFound((c) => c.text('main 404', 404));
  return app;
}

describe('an area built at its first request', () => {
  it('is not loaded by mounting it or by other addresses, and is loaded once for all its prefixes', async () => {
    const loads = { count: 0 };
    const app = mainApp(loads);
    expect((await app.request('/health')).status).toBe(200);
    expect((await app.request('/ones')).status).toBe(404);
    expect(loads.count).toBe(0);
    const answers = await Promise.all([app.request('/one/seen'), app.request('/two'), app.request('/one')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404]);
    await app.request('/two/anything');
    expect(loads.count).toBe(1);
  });

  it('sees the main app’s variables and bindings, and the whole path', async () => {
    const app = mainApp({ count: 0 });
    const answer = await app.request('/one/seen', {}, { socket: 'the socket' } as never);
    expect(await answer.json()).toEqual({
      path: '/one/seen',
      baseUrl: 'http://localhost:4010',
      socket: 'the socket',
    });
  });

  it('answers its own addresses with its 404 and error handlers, and leaves the rest to the main app', async () => {
    const app = mainApp({ count: 0 });
    const unknown = await app.request('/one/no/such/thing');
    expect([unknown.status, await unknown.text()]).toEqual([404, 'area 404 /one/no/such/thing']);
    const failed = await app.request('/two/fails');
    expect([failed.status, await failed.text()]).toEqual([500, 'area error: broken']);
    const outside = await app.request('/twofold');
    expect([outside.status, await outside.text()]).toEqual([404, 'main 404']);
  });
});
