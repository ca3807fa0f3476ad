import { DELIVERIES_QUERY_PARAMETERS, DeliveriesQuerySchema } from '@socialpub/core';
import { Hono } from 'hono';
import { deliveryView, listDeliveries, postIdOfDelivery } from '../domain/deliveries/index.js';
import type { AppEnv } from '../http/context.js';
import { parseQuery } from '../http/query.js';
import type { Services } from '../services.js';
import { adminNotFound } from './admin-body.js';

/**
 * The network inbox (reference-server.md, Admin API): what each simulated network accepted, for CI
 * to assert on. Mailpit's message API is the model: list and search, one message, clear.
 */
export function adminDeliveriesRoutes(services: Services): Hono<AppEnv> {
  const { repos } = services;
  const routes = new Hono<AppEnv>();
  const account = (id: string) => {
    const found = repos.accounts.get(id);
    if (!found) throw adminNotFound('Account');
    return found;
  };

  routes.get('/accounts/:account_id/deliveries', (c) => {
    const found = account(c.req.param('account_id'));
    const { value, warnings } = parseQuery(c, DeliveriesQuerySchema, DELIVERIES_QUERY_PARAMETERS);
    const page = listDeliveries(services, found.id, value);
    return c.json(warnings.length > 0 ? { ...page, warnings } : page);
  });

  routes.get('/deliveries/:delivery_id', (c) => {
    const postId = postIdOfDelivery(c.req.param('delivery_id'));
    const record = postId === null ? null : repos.deliveries.getByPostId(postId);
    if (!record) throw adminNotFound('Delivery');
    return c.json(deliveryView(services, record));
  });

  routes.delete('/accounts/:account_id/deliveries', (c) => {
    const found = account(c.req.param('account_id'));
    return c.json({ account_id: found.id, deleted: repos.deliveries.deleteForAccount(found.id) });
  });

  return routes;
}
