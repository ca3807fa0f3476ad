import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type SocialpubApp } from '../../src/app.js';
import type { AppEnv } from '../../src/http/context.js';
import { bannerLines } from '../../src/start-banner.js';
import { type RunningServer, startServer } from '../../src/start-server.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';

let running: RunningServer;
const printed: string[] = [];
beforeAll(async () => {
  running = await startServer(
    { memory: true, port: 0, clock: 'virtual', adminToken: ADMIN_TOKEN, seedDemo: true },
    (line) => printed.push(line),
  );
});
afterAll(() => running.close());

/** A probe for each kind of address the banner may name, with the credentials it needs. */
function probeFor(address: string): { url: string; headers: Record<string, string> } {
  if (address.endsWith('/admin/v1') || address.endsWith('/metrics')) {
    const url = address.endsWith('/metrics') ? address : `${address}/clock`;
    return { url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };
  }
  return { url: address, headers: {} };
}

describe('the start banner', () => {
  it('names only addresses that answer (no 404 for any of them)', async () => {
    const addresses = printed.flatMap((line) => /^ {2}\S.*?\s(http:\/\/\S+)$/.exec(line)?.[1] ?? []);
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    for (const address of addresses) {
      const probe = probeFor(address);
      const response = await fetch(probe.url, { headers: probe.headers });
      expect(response.status, `${address} answers`).not.toBe(404);
    }
  });

  it('prints the API address as typed, which answers an index naming the documents without a key', async () => {
    const api = printed.flatMap((line) => /^ {2}API\s+(http:\/\/\S+)$/.exec(line)?.[1] ?? [])[0] ?? '';
    expect(api).toBe(`${running.url}/api/v2`);
    const response = await fetch(api);
    expect(response.status).toBe(200);
    const index = (await response.json()) as { documents: Record<string, string> };
    expect(index.documents).toEqual({
      openapi: `${running.url}/openapi.yaml`,
      admin_openapi: `${running.url}/admin/openapi.yaml`,
    });
    for (const document of Object.values(index.documents)) expect((await fetch(document)).status).toBe(200);
  });

  it('names every address it listens on; each leads a browser to the dashboard and an API client to the index', async () => {
    const listening = [...(printed[0] ?? '').matchAll(/http:\/\/\S+/g)].map((match) => match[0]);
    expect(listening[0]).toBe(running.url);
    for (const base of listening) {
      const browser = await fetch(base, { headers: { accept: 'text/html' }, redirect: 'manual' });
      expect(browser.status, base).toBe(303);
      const client = (await (await fetch(base)).json()) as { error: { message: string } };
      expect(client.error.message).toContain(`The API's index is at ${base}/api/v2`);
    }
  });

  it('leaves out /mcp and the dashboard sign-in while the app has no such routes', async () => {
    const app = await createApp({ memory: true, seedDemo: true, adminToken: ADMIN_TOKEN });
    try {
      const lines = bannerLines('http://127.0.0.1:1', app).join('\n');
      const routes = app.app.routes.map((route) => route.path);
      expect(lines.includes('/mcp')).toBe(routes.some((path) => path.startsWith('/mcp')));
      expect(lines.includes('demo-password')).toBe(routes.some((path) => path.startsWith('/dashboard')));
    } finally {
      await app.close();
    }
  });

  it('names /mcp and the dashboard with its demo sign-in once the app routes them', async () => {
    const app: SocialpubApp = await createApp({ memory: true, seedDemo: true });
    try {
      app.app.post('/mcp', (c) => c.json({}));
      app.app.get('/dashboard', (c) => c.html('<p>dashboard</p>'));
      const lines = bannerLines('http://127.0.0.1:1', app);
      expect(lines).toContain('  MCP        http://127.0.0.1:1/mcp');
      expect(lines).toContain('  Dashboard  http://127.0.0.1:1/dashboard');
      expect(lines).toContain('    dashboard    demo@example.com / demo-password');
    } finally {
      await app.close();
    }
  });

  it('does not count middleware under a prefix as a route', () => {
    // /mcp is routed in the app now: a bare Hono app with only middleware under it stands in.
    const app = new Hono<AppEnv>();
    app.use('/mcp/*', async (_c, next) => next());
    const banner = bannerLines('http://127.0.0.1:1', {
      app,
      demo: null,
      generatedAdminToken: null,
      adminEnabled: false,
    });
    expect(banner.join('\n')).not.toContain('/mcp');
  });
});
