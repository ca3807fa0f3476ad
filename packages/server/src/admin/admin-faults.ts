import { randomUUID } from 'node:crypto';
import { FaultCreateSchema, RequestsQuerySchema } from '@socialpub/core';
import { Hono } from 'hono';
import type { FaultRecord } from '../db/faults-repo.js';
import type { AppEnv } from '../http/context.js';
import { parseQuery } from '../http/query.js';
import type { Services } from '../services.js';
import { adminBody, adminNotFound } from './admin-body.js';

function faultView(fault: FaultRecord) {
  return {
    fault_id: fault.id,
    match: { method: fault.method, path: fault.pathPrefix, account_id: fault.accountId },
    answer: fault.answer,
    when: fault.when,
    times: fault.timesLeft,
    created_at: fault.createdAt,
  };
}

/** POST/GET /faults, DELETE /faults/{fault_id}, GET /requests. */
export function adminFaultsRoutes(services: Services): Hono<AppEnv> {
  const { repos, clock } = services;
  const routes = new Hono<AppEnv>();

  routes.post('/faults', async (c) => {
    const body = await adminBody(c, FaultCreateSchema);
    const fault: FaultRecord = {
      id: randomUUID(),
      method: body.match?.method?.toUpperCase() ?? null,
      pathPrefix: body.match?.path ?? null,
      accountId: body.match?.account_id ?? null,
      answer: body.answer,
      when: body.when ?? 'before',
      timesLeft: body.times ?? 1,
      createdAt: clock.now().toISOString(),
    };
    repos.faults.insert(fault);
    return c.json({ ...faultView(fault) }, 201);
  });

  routes.get('/faults', (c) => c.json({ data: repos.faults.list().map(faultView) }));

  routes.delete('/faults/:fault_id', (c) => {
    if (!repos.faults.delete(c.req.param('fault_id'))) throw adminNotFound('Fault');
    return c.json({ fault_id: c.req.param('fault_id'), disarmed: true });
  });

  routes.get('/requests', (c) => {
    const { value } = parseQuery(c, RequestsQuerySchema, ['account_id', 'limit']);
    const data = repos.requestLog.list({ accountId: value.account_id, limit: value.limit }).map((entry) => ({
      at: entry.at,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      error: entry.errorCode === null ? null : { code: entry.errorCode },
      duration_ms: entry.durationMs,
      account_id: entry.accountId,
      client_address: entry.clientAddress,
      idempotency_key: entry.idempotencyKey,
      replayed: entry.replayed,
    }));
    return c.json({ data });
  });

  return routes;
}
