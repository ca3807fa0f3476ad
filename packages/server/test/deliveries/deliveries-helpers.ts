import type { Delivery, DeliveryPage } from '@socialpub/core';
import type { TestApp } from '../helpers/test-app.js';

/** GET /admin/v1/accounts/{id}/deliveries with a query string; the status and the page. */
export async function listDeliveries(
  t: TestApp,
  accountId: string,
  query: Record<string, string> = {},
): Promise<{
  status: number;
  body: DeliveryPage & { error?: { code: string; message: string; parameter?: string } };
}> {
  const qs = new URLSearchParams(query).toString();
  const res = await t.admin('GET', `/accounts/${accountId}/deliveries${qs === '' ? '' : `?${qs}`}`);
  return { status: res.status, body: (await res.json()) as never };
}

/** Every delivery of the account, straight from the admin API (first page of 100). */
export async function deliveriesOf(t: TestApp, accountId: string): Promise<Delivery[]> {
  const { status, body } = await listDeliveries(t, accountId, { limit: '100' });
  if (status !== 200) throw new Error(`deliveries: ${status} ${JSON.stringify(body)}`);
  return body.data;
}
