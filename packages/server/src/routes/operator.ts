import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { Hono } from 'hono';
import type { Registry } from 'prom-client';
import { adminAuth } from '../admin/admin-auth.js';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';

/**
 * What an operator's tools call: `GET /health` (cheap: the process answers), `GET /ready` (200 only
 * when the database and the media folder answer) and `GET /metrics` (Prometheus text, admin token
 * required; prom-client and the registry are loaded at the first scrape).
 */
export function operatorRoutes(services: Services, adminTokenHash: string | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/health', (c) => c.json({ status: 'ok' }));

  routes.get('/ready', async (c) => {
    const problems: string[] = [];
    try {
      services.db.prepare('SELECT 1').get();
    } catch (error) {
      problems.push(`the database does not answer (${(error as Error).message})`);
    }
    try {
      await access(services.mediaFolder.root, constants.R_OK | constants.W_OK);
    } catch (error) {
      problems.push(
        `the media folder cannot be read and written (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    if (problems.length > 0) return c.json({ status: 'not_ready', problems }, 503);
    return c.json({ status: 'ready' });
  });

  if (adminTokenHash !== null) {
    let registry: Promise<Registry> | undefined;
    routes.get('/metrics', adminAuth(adminTokenHash), async (c) => {
      registry ??= import('../observability/metrics-registry.js').then(({ metricsRegistry }) =>
        metricsRegistry({ events: services.events, repos: services.repos, now: () => services.clock.now() }),
      );
      const ready = await registry;
      return c.body(await ready.metrics(), 200, { 'content-type': ready.contentType });
    });
  }
  return routes;
}
