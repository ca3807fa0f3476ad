import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { PostsAddress } from '../domain/publishing/index.js';
import type { AppEnv } from '../http/context.js';
import { setIdempotencyOutcome } from '../http/idempotency.js';
import type { Services } from '../services.js';

/** The handler both posts addresses share; only the order of checks and their codes differ. */
export function createPostHandler(services: Services, address: PostsAddress) {
  return async (c: import('hono').Context<AppEnv>) => {
    const caller = c.get('caller');
    const rawBody = await c.req.text();
    const answer = await services.publishing.handle({
      address,
      account: caller.account,
      rawBody,
      idempotencyKey: c.req.header('idempotency-key'),
    });
    // Idempotency rules 7 and 8: unconfirmed 5xx after handing over are kept, network refusals not.
    setIdempotencyOutcome(c, answer.remember ? 'remember' : 'forget');
    const error = answer.body['error'];
    if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
      c.set('errorCode', error.code);
    }
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  };
}

/** POST /api/v2/posts: publish, queue or schedule (and dry run). */
export function postsCreateRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/posts', createPostHandler(services, 'current'));
  return routes;
}
