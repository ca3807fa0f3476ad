import { POST_LIST_PARAMETERS, PostListQuerySchema } from '@socialpub/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { listPosts } from '../domain/posts/list-posts.js';
import { readPost } from '../domain/posts/read-post.js';
import type { AppEnv } from '../http/context.js';
import { parseQuery, requireUuid } from '../http/query.js';
import type { Services } from '../services.js';
import { READ_HEADERS, readAnswer } from './read-headers.js';

/** GET /api/v2/posts and GET /api/v2/posts/{id} (reads exist on /api/v2 only). */
export function postsReadRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // All reads answer `Cache-Control: private, no-store`, refusals included; the 200s carry it already.
  routes.use('/posts', async (c, next) => {
    await next();
    if (c.req.method === 'GET' && c.res.status >= 300)
      for (const [k, v] of Object.entries(READ_HEADERS)) c.res.headers.set(k, v);
  });
  routes.use('/posts/:id', async (c, next) => {
    await next();
    if (c.req.method === 'GET' && c.res.status >= 300)
      for (const [k, v] of Object.entries(READ_HEADERS)) c.res.headers.set(k, v);
  });

  routes.get('/posts', (c) => {
    const { account } = c.get('caller');
    services.readLimiter.take(account.id, 'posts');
    const { value, warnings } = parseQuery(c, PostListQuerySchema, POST_LIST_PARAMETERS);
    const page = listPosts(services, account.id, value);
    return readAnswer(warnings.length > 0 ? { ...page, warnings } : page);
  });

  routes.get('/posts/:id', (c) => {
    const { account } = c.get('caller');
    services.readLimiter.take(account.id, 'post');
    const id = requireUuid(c.req.param('id'));
    const { warnings } = parseQuery(c, z.object({}), []);
    const record = readPost(services, account.id, id);
    return readAnswer(warnings.length > 0 ? { ...record, warnings } : record);
  });

  return routes;
}
