import { Hono } from 'hono';
import type { FaultsRepository } from '../db/faults-repo.js';
import type { AppEnv } from './context.js';
import { onError } from './error-response.js';
import { type FrontDoorSteps, isEntered } from './front-door.js';

/** A read's route handler that answers at once (no await): the same function its route mounts. */
export type ReadAtOnce = (c: import('hono').Context<AppEnv>) => Response;

/**
 * The hottest reads (`GET /api/v2/accounts`) answered in the turn they arrive: the front door's
 * steps (front-door.ts) run around the read's own handler with no middleware chain between them,
 * so the app's `fetch` gives the listener the answer itself rather than a promise of it. Hono's
 * chain awaits every layer, and the listener then writes the answer a microtask later with a close
 * listener per request: that plumbing cost as much as the read's own work.
 *
 * Only an exact GET of a lane's path while no fault is armed takes the lane; anything else (a fault
 * to inject, HEAD, OPTIONS, another method, a path spelled differently) goes through the app as
 * before. The answer is the same: the same steps in the same order, the same handler, the same
 * error answers (`onError`).
 */
export function withReadLane(
  app: Hono<AppEnv>,
  steps: FrontDoorSteps,
  faults: FaultsRepository,
  reads: Readonly<Record<string, ReadAtOnce>>,
): Hono<AppEnv>['fetch'] {
  const lane = new Hono<AppEnv>();
  lane.onError(onError);
  const paths = new Set(Object.keys(reads));
  for (const [path, read] of Object.entries(reads)) {
    // One handler per path: Hono then calls it directly and returns what it returns.
    lane.get(path, (c) => {
      const entered = steps.enter(c);
      if (!isEntered(entered)) return entered;
      try {
        c.res = read(c);
      } catch (error) {
        c.res = onError(error as Error, c) as Response;
      }
      steps.leave(c, entered);
      return c.res;
    });
  }
  const general = app.fetch;
  return (request, env, executionCtx) => {
    if (request.method === 'GET' && paths.has(app.getPath(request, { env })) && !faults.anyArmed()) {
      return lane.fetch(request, env, executionCtx);
    }
    return general(request, env, executionCtx);
  };
}
