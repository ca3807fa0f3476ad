import { Hono } from 'hono';
import { cancelPost } from '../domain/posts/cancel-post.js';
import type { AppEnv } from '../http/context.js';
import { requireUuid } from '../http/query.js';
import type { Services } from '../services.js';

/**
 * DELETE /api/v2/posts/{id} and the older address's DELETE /legacy/posts/{id}: the same answers;
 * the older address names its own refusals `api_error` (http/address.ts).
 */
export function postsCancelRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const handler = (id: string, accountId: string) => cancelPost(services, accountId, requireUuid(id));
  routes.delete('/api/v2/posts/:id', (c) => c.json(handler(c.req.param('id'), c.get('caller').account.id)));
  routes.delete('/legacy/posts/:id', (c) => c.json(handler(c.req.param('id'), c.get('caller').account.id)));
  return routes;
}
