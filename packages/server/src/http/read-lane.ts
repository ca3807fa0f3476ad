import type { Context, Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import type { RouterRoute } from 'hono/types';
import type { FaultsRepository } from '../db/faults-repo.js';
import type { AppEnv } from './context.js';
import { onError } from './error-response.js';
import { type FrontDoorSteps, isEntered } from './front-door.js';
import { laneContext } from './lane-context.js';

/** A read's route handler that answers at once (no await): the same function its route mounts. */
export type ReadAtOnce = (c: Context<AppEnv>) => Response;

/** Every authenticated `/api/v2` read, by its Hono path (`/api/v2/posts/:id`): the routes mount the same handlers. */
export type ApiReads = Readonly<Record<string, ReadAtOnce>>;

const API_PREFIX = '/api/v2/';

/**
 * The API's reads answered in the turn they arrive: a GET whose path is one of `reads` gets the
 * front door's steps (front-door.ts) around the read's own handler, with no middleware chain
 * between them, so the app's `fetch` gives the listener the answer itself rather than a promise of
 * it. Hono's chain awaits every layer, and the listener then writes the answer a microtask later
 * with a close listener per request: that plumbing cost as much as a read's own work.
 *
 * What the chain does for such a GET, the lane does in the same order: the request's path is found
 * once, matched once (the same patterns, so `c.req.param` decodes alike), and one Context made, as
 * Hono does for a route with one handler; errors become the same answers (`onError`). Only a GET of
 * a read's path while no fault is armed takes the lane; anything else (a fault to inject, HEAD,
 * OPTIONS, another method, a path spelled differently or no read's) goes through the app as before.
 */
export function withReadLane(
  app: Hono<AppEnv>,
  steps: FrontDoorSteps,
  faults: FaultsRepository,
  reads: ApiReads,
): Hono<AppEnv>['fetch'] {
  // Entries as Hono's own router holds them (the handler and its route), which `c.req` reads.
  const router = new RegExpRouter<[ReadAtOnce, RouterRoute]>();
  for (const [path, read] of Object.entries(reads)) {
    router.add('GET', path, [read, { basePath: '/', path, method: 'GET', handler: read as never }]);
  }
  const general = app.fetch;
  return (request, env, executionCtx) => {
    if (request.method !== 'GET' || faults.anyArmed()) return general(request, env, executionCtx);
    const path = app.getPath(request, { env });
    if (!path.startsWith(API_PREFIX)) return general(request, env, executionCtx);
    const matchResult = router.match('GET', path);
    const found = matchResult[0][0];
    if (found === undefined) return general(request, env, executionCtx);
    const c = laneContext(request, path, matchResult, env, executionCtx);
    try {
      const entered = steps.enter(c);
      if (!isEntered(entered)) return entered;
      try {
        c.res = found[0][0](c);
      } catch (error) {
        c.res = onError(error as Error, c) as Response;
      }
      steps.leave(c, entered);
      return c.res;
    } catch (error) {
      // As Hono's own dispatch: whatever a step throws is answered by the error handler.
      return onError(error as Error, c);
    }
  };
}
