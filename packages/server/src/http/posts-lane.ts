import type { Context, Handler, Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import type { RouterRoute } from 'hono/types';
import type { FaultsRepository } from '../db/faults-repo.js';
import type { AppEnv } from './context.js';
import { onError } from './error-response.js';
import { type Entered, type FrontDoorSteps, isEntered } from './front-door.js';
import { laneContext } from './lane-context.js';

/** A posts address's answer to a body already read: at once when nothing in it waits (a dry run). */
export type PostAnswer = (c: Context<AppEnv>, rawBody: string) => Response | Promise<Response>;

/** The address the lane takes: publish, schedule, queue and dry run. */
export const POSTS_LANE_PATH = '/api/v2/posts';

/**
 * `POST /api/v2/posts` without the middleware chain: the front door's steps (front-door.ts), one
 * await for the body, then the checks and the answer (`answer`, the very function the posts route
 * calls once it has read the body), so a dry run costs one promise for its body and one for its
 * answer instead of a promise per layer of the chain (the app's dispatch, the front door, the
 * idempotency layer, the handler and the publishing service each awaited the next).
 *
 * What the chain does for such a request, the lane does in the same order, with the same answers,
 * log records and errors (`onError`, as Hono's compose calls it for a handler that throws). Only an
 * exact `POST` of the path without an `Idempotency-Key` header while no fault is armed takes it;
 * a request with the header (the idempotency layer claims and stores its answer), any other method,
 * path or spelling, and any armed fault go through the app as before.
 */
export function withPostsLane(
  app: Hono<AppEnv>,
  general: Hono<AppEnv>['fetch'],
  steps: FrontDoorSteps,
  faults: FaultsRepository,
  answer: PostAnswer,
): Hono<AppEnv>['fetch'] {
  // The route entry as Hono's router gives it (the handler and its route), which `c.req` reads.
  const router = new RegExpRouter<[Handler<AppEnv>, RouterRoute]>();
  const handler = answer as never;
  router.add('POST', POSTS_LANE_PATH, [
    handler,
    { basePath: '/', path: POSTS_LANE_PATH, method: 'POST', handler },
  ]);
  const matchResult = router.match('POST', POSTS_LANE_PATH);
  return (request, env, executionCtx) => {
    if (request.method !== 'POST' || faults.anyArmed()) return general(request, env, executionCtx);
    const path = app.getPath(request, { env });
    if (path !== POSTS_LANE_PATH || request.headers.get('idempotency-key') !== null) {
      return general(request, env, executionCtx);
    }
    const c = laneContext(request, path, matchResult, env, executionCtx);
    let entered: Response | Entered;
    try {
      entered = steps.enter(c);
    } catch (error) {
      return onError(error as Error, c);
    }
    if (!isEntered(entered)) return entered;
    return c.req.text().then(
      (rawBody) => {
        let answered: Response | Promise<Response>;
        try {
          answered = answer(c, rawBody);
        } catch (error) {
          return refused(c, entered, error);
        }
        if (!(answered instanceof Promise)) return answeredWith(c, entered, answered);
        return answered.then(
          (res) => answeredWith(c, entered, res),
          (error: unknown) => refused(c, entered, error),
        );
      },
      (error: unknown) => refused(c, entered, error),
    );
  };

  /** The handler threw: as Hono's compose, the error handler answers, with `c.error` set. */
  function refused(c: Context<AppEnv>, entered: Entered, error: unknown): Response {
    let res: Response;
    try {
      if (!(error instanceof Error)) throw error;
      c.error = error;
      res = onError(error, c) as Response;
    } catch (thrown) {
      // Not answerable (a dropped connection): the log records no answer.
      steps.failed(entered);
      throw thrown;
    }
    return answeredWith(c, entered, res);
  }

  /** The answer in `c.res`, then the front door's second half. */
  function answeredWith(c: Context<AppEnv>, entered: Entered, res: Response): Response {
    c.res = res;
    try {
      steps.leave(c, entered);
      return c.res;
    } catch (error) {
      // As Hono's own dispatch: whatever a step throws is answered by the error handler.
      return onError(error as Error, c) as Response;
    }
  }
}
