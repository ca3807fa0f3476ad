import { type Context, Hono } from 'hono';
import type { PublishAnswer } from '../domain/publishing/answers.js';
import type { PostsAddress } from '../domain/publishing/index.js';
import type { AppEnv } from '../http/context.js';
import { setIdempotencyOutcome } from '../http/idempotency.js';
import { jsonAnswerWithNoSniff } from '../http/security-headers.js';
import type { Services } from '../services.js';

function toResponse(c: Context<AppEnv>, answer: PublishAnswer): Response {
  // Idempotency rules 7 and 8: unconfirmed 5xx after handing over are kept, network refusals not.
  setIdempotencyOutcome(c, answer.remember ? 'remember' : 'forget');
  const error = answer.body['error'];
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    c.set('errorCode', error.code);
  }
  // c.json's bytes, with nosniff in the answer's own headers (http/security-headers.ts).
  return jsonAnswerWithNoSniff(answer.json ?? JSON.stringify(answer.body), answer.status);
}

/**
 * The checks and the answer of both posts addresses once the body is read; only the order of checks
 * and their codes differ. The route awaits the body and then this: a dry run, a schedule or a
 * queued post is answered without a promise of its own (`handleNow`).
 */
function createPostAnswer(
  services: Services,
  address: PostsAddress,
): (c: Context<AppEnv>, rawBody: string) => Response | Promise<Response> {
  return (c, rawBody) => {
    const caller = c.get('caller');
    const answer = services.publishing.handleNow({
      address,
      account: caller.account,
      facts: caller.facts,
      rawBody,
      idempotencyKey: c.req.header('idempotency-key'),
    });
    return answer instanceof Promise ? answer.then((done) => toResponse(c, done)) : toResponse(c, answer);
  };
}

/** The handler both posts addresses mount. */
export function createPostHandler(services: Services, address: PostsAddress) {
  const answer = createPostAnswer(services, address);
  return (c: Context<AppEnv>) => c.req.text().then((rawBody) => answer(c, rawBody));
}

/** POST /api/v2/posts: publish, queue or schedule (and dry run). */
export function postsCreateRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/posts', createPostHandler(services, 'current'));
  return routes;
}
