import type { DeliveriesCleared, DeliveriesQuery, Delivery, DeliveryPage } from '@socialpub/core';
import { PagePromise } from '../pagination.js';
import type { RequestOptions, Transport } from '../transport.js';

const id = (value: string) => encodeURIComponent(value);

/**
 * The network inbox: what each simulated network accepted from an account, newest first. A CI test
 * asserts on it ("this exact text and this image reached linkedin"); iterate `list()` for every page.
 */
export class AdminDeliveries {
  constructor(private readonly transport: Transport) {}

  list(
    accountId: string,
    query: DeliveriesQuery = {},
    options?: RequestOptions,
  ): PagePromise<Delivery, DeliveryPage> {
    const { cursor, limit, ...filters } = query;
    return new PagePromise<Delivery, DeliveryPage>(async (next) => {
      const response = await this.transport.request<DeliveryPage>({
        method: 'GET',
        path: `/admin/v1/accounts/${id(accountId)}/deliveries`,
        query: { ...filters, limit: limit === undefined ? undefined : Number(limit), cursor: next },
        options,
      });
      return response.data;
    }, cursor);
  }

  get(deliveryId: string, options?: RequestOptions): Promise<Delivery> {
    return this.transport
      .request<Delivery>({ method: 'GET', path: `/admin/v1/deliveries/${id(deliveryId)}`, options })
      .then((response) => response.data);
  }

  /** Empties the account's inbox; its posts stay. */
  clear(accountId: string, options?: RequestOptions): Promise<DeliveriesCleared> {
    return this.transport
      .request<DeliveriesCleared>({
        method: 'DELETE',
        path: `/admin/v1/accounts/${id(accountId)}/deliveries`,
        options,
      })
      .then((response) => response.data);
  }
}
