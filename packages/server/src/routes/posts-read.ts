import { POST_LIST_PARAMETERS, PostListQuerySchema } from '@socialpub/core';
import { Hono } from 'hono';
import { listPosts } from '../domain/posts/list-posts.js';
import { readPost } from '../domain/posts/read-post.js';
import type { AppEnv } from '../http/context.js';
import { NoQuerySchema, parseQuery, requireUuid } from '../http/query.js';
import type { ReadAtOnce } from '../http/read-headers.js';
import { readAnswer } from '../http/read-headers.js';
import type { Services } from '../services.js';

/** GET /api/v2/posts: a page of the account's posts. */
export function postsListRead(services: Services): ReadAtOnce {
  return (c) => {
    const { account } = c.get('caller');
    services.readLimiter.take(account.id, 'posts', c.get('callerNow'));
    const { value, warnings } = parseQuery(c, PostListQuerySchema, POST_LIST_PARAMETERS);
    const page = listPosts(services, account.id, value);
    return readAnswer(warnings.length > 0 ? { ...page, warnings } : page);
  };
}

/** GET /api/v2/posts/{id}: one post or scheduled post. */
export function postRead(services: Services): ReadAtOnce {
  return (c) => {
    const { account } = c.get('caller');
    services.readLimiter.take(account.id, 'post', c.get('callerNow'));
    const id = requireUuid(c.req.param('id') as string);
    const { warnings } = parseQuery(c, NoQuerySchema, []);
    const record = readPost(services, account.id, id);
    return readAnswer(warnings.length > 0 ? { ...record, warnings } : record);
  };
}

/** GET /api/v2/posts and GET /api/v2/posts/{id} (reads exist on /api/v2 only), from api-reads.ts. */
export function postsReadRoutes(reads: { list: ReadAtOnce; one: ReadAtOnce }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/posts', reads.list);
  routes.get('/posts/:id', reads.one);
  return routes;
}
