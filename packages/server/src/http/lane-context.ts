import { Context } from 'hono';
import type { AppEnv } from './context.js';
import { notFound } from './error-response.js';

type ContextOptions = NonNullable<ConstructorParameters<typeof Context<AppEnv>>[1]>;

/**
 * The one Context a lane (read-lane.ts, posts-lane.ts) makes for a request it takes, as Hono's own
 * dispatch makes it for a route with one handler, so `c.req` reads the path and params alike.
 */
export function laneContext(
  request: Request,
  path: string,
  matchResult: ContextOptions['matchResult'],
  env: ContextOptions['env'],
  executionCtx: ContextOptions['executionCtx'],
): Context<AppEnv> {
  return new Context<AppEnv>(request, { path, matchResult, env, executionCtx, notFoundHandler: notFound });
}
