import { apiError, CLOCK_PAST_LATEST_MESSAGE, ClockCreateSchema, ClockMoveSchema } from '@socialpub/core';
import { Hono } from 'hono';
import { LATEST_CLOCK_MS } from '../clocks/virtual-clock.js';
import { accountView } from '../domain/accounts.js';
import type { AppEnv } from '../http/context.js';
import { WorkSlices } from '../runtime/work-slices.js';
import type { Services } from '../services.js';
import { adminBody, adminNotFound } from './admin-body.js';

/**
 * Test clocks (reference-server.md, Admin API; Stripe's test clocks are the model): a clock object,
 * accounts created on it, and moving it runs only what is due for those accounts.
 */
export function adminTestClocksRoutes(services: Services): Hono<AppEnv> {
  const { clocks, repos } = services;
  const routes = new Hono<AppEnv>();
  const found = (clockId: string) => {
    const view = clocks.view(clockId);
    if (!view) throw adminNotFound('Clock');
    return view;
  };

  routes.post('/clocks', async (c) => {
    const body = await adminBody(c, ClockCreateSchema);
    const view = clocks.create({
      now: new Date(body.now),
      name: body.name ?? null,
      createdAt: services.clock.now(),
    });
    return c.json(view, 201);
  });

  routes.get('/clocks/:clock_id', (c) => {
    const view = found(c.req.param('clock_id'));
    return c.json({ ...view, accounts: repos.accounts.listOnClock(view.clock_id).map(accountView) });
  });

  routes.post('/clocks/:clock_id', async (c) => {
    const current = found(c.req.param('clock_id'));
    const body = await adminBody(c, ClockMoveSchema);
    const from = Date.parse(current.now);
    const target =
      body.now !== undefined ? new Date(body.now) : new Date(from + (body.advance_seconds ?? 0) * 1000);
    if (target.getTime() < from) {
      throw apiError('bad_request', `The clock cannot move backwards (now ${current.now}).`, {
        extra: { parameter: 'now' },
      });
    }
    if (target.getTime() > LATEST_CLOCK_MS) {
      throw apiError('bad_request', CLOCK_PAST_LATEST_MESSAGE, {
        extra: { parameter: body.now !== undefined ? 'now' : 'advance_seconds' },
      });
    }
    const ran = await clocks.advance(current.clock_id, target);
    return c.json({ ...found(current.clock_id), ran });
  });

  routes.delete('/clocks/:clock_id', async (c) => {
    const view = found(c.req.param('clock_id'));
    const accountIds = repos.accounts.idsOnClock(view.clock_id);
    // All marked in one statement first: a crash then leaves every one of them to the start-up pass.
    const at = clocks.byId(view.clock_id)?.now().toISOString() ?? view.now;
    repos.accounts.markDeletingOnClock(view.clock_id, accountIds, at);
    // In slices: a clock with thousands of accounts must not stop every other request meanwhile.
    const slices = new WorkSlices();
    for (const accountId of accountIds) {
      await services.accountDeletion.delete(accountId);
      await slices.yieldIfDue();
    }
    repos.clocks.delete(view.clock_id);
    await clocks.forget(view.clock_id);
    return c.json({ clock_id: view.clock_id, deleted: true, deleted_accounts: accountIds });
  });

  return routes;
}
