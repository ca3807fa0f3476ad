import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../src/http/context.js';
import type { Services } from '../../src/services.js';

// The main app mounts the dashboard through lazyDashboard (dashboard/lazy-dashboard.ts, on
// http/lazy-app.ts): the dashboard's module is imported and its app built at the first dashboard
// request, and that app sees the request's variables as the main app's front door set them, and
// its bindings.
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/dashboard/index.js', () => ({
  dashboardApp: () => {
    built.count += 1;
    const app = new Hono<AppEnv>();
    app.get('/seen', (c) =>
      c.json({
        path: c.req.path,
        baseUrl: c.get('baseUrl'),
        errorCode: c.get('errorCode') ?? null,
        socket: (c.env as { socket?: string } | undefined)?.socket ?? null,
      }),
    );
    app.all('*', (c) => c.text('dashboard 404', 404));
    return app;
  },
}));

const { lazyDashboard } = await import('../../src/dashboard/lazy-dashboard.js');

function mainApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', (c, next) => {
    c.set('baseUrl', 'http://localhost:4010');
    return next();
  });
  app.route('/', lazyDashboard({} as Services));
  app.get('/health', (c) => c.json({ status: 'ok' }));
  return app;
}

describe('the dashboard, built at its first request', () => {
  it('is not built by mounting it or by other requests, and is built once', async () => {
    built.count = 0;
    const app = mainApp();
    expect((await app.request('/health')).status).toBe(200);
    expect(built.count).toBe(0);
    await Promise.all([app.request('/dashboard/seen'), app.request('/dashboard/seen')]);
    await app.request('/dashboard');
    expect(built.count).toBe(1);
  });

  it('sees the main app’s variables and bindings, and the whole path', async () => {
    const app = mainApp();
    const answer = await app.request('/dashboard/seen', {}, { socket: 'the socket' } as never);
    expect(await answer.json()).toEqual({
      path: '/dashboard/seen',
      baseUrl: 'http://localhost:4010',
      errorCode: null,
      socket: 'the socket',
    });
  });

  it('answers every address under /dashboard itself, unknown ones with its own 404', async () => {
    const app = mainApp();
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/no/such/page']) {
      const answer = await app.request(path);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe('dashboard 404');
    }
    expect((await app.request('/dashboards')).status).toBe(404);
    expect(await (await app.request('/dashboards')).text()).not.toBe('dashboard 404');
  });
});
