import { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import { createPostHandler } from './posts-create.js';

/**
 * POST {legacy_posts_url}: the same requests with the differences of "Older addresses" (its own
 * check order, 404 api_error for an unknown profile, 90-second media wait, network errors without
 * an added code). Its own refusals are renamed `api_error` by the error mapping of the address.
 */
export function legacyPostsRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/posts', createPostHandler(services, 'legacy'));
  return routes;
}
