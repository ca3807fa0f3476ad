import { apiError, CLOCK_PAST_LATEST_MESSAGE, ClockMoveSchema } from '@socialpub/core';
import { Hono } from 'hono';
import { isVirtualClock, LATEST_CLOCK_MS } from '../clocks/virtual-clock.js';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import { adminBody } from './admin-body.js';

/**
 * GET/POST /clock. Moving the virtual clock runs everything that became due, in due-time order,
 * and answers only after that work has finished (reference-server.md, Clock).
 */
export function adminClockRoutes(services: Services): Hono<AppEnv> {
  const { clock, dueWork } = services;
  const routes = new Hono<AppEnv>();

  routes.get('/clock', (c) => c.json({ now: clock.now().toISOString(), mode: clock.mode }));

  routes.post('/clock', async (c) => {
    if (!isVirtualClock(clock)) {
      throw apiError('bad_request', 'The clock can be moved only with SOCIALPUB_CLOCK=virtual.');
    }
    const body = await adminBody(c, ClockMoveSchema);
    const current = clock.now();
    const target =
      body.now !== undefined
        ? new Date(body.now)
        : new Date(current.getTime() + (body.advance_seconds ?? 0) * 1000);
    if (target.getTime() < current.getTime()) {
      throw apiError('bad_request', `The clock cannot move backwards (now ${current.toISOString()}).`, {
        extra: { parameter: 'now' },
      });
    }
    if (target.getTime() > LATEST_CLOCK_MS) {
      throw apiError('bad_request', CLOCK_PAST_LATEST_MESSAGE, {
        extra: { parameter: body.now !== undefined ? 'now' : 'advance_seconds' },
      });
    }
    const ran = await dueWork.advanceTo(target);
    return c.json({ now: clock.now().toISOString(), mode: clock.mode, ran });
  });

  return routes;
}
