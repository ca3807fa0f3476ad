export type {
  AdminAccount,
  AdminAccountCreate,
  AdminAccountDetail,
  AdminClockMove,
  AdminKeyCreated,
  AdminNetwork,
  AdminNetworkPut,
  AdminTestClock,
  AdminTestClockDetail,
  AdminTestClockMoved,
  DeliveriesCleared,
  DeliveriesQuery,
  Delivery,
  DeliveryPage,
} from '@socialpub/core';
export { type AdminClientOptions, SocialPubAdmin } from './admin-client.js';
export { AdminDeliveries } from './admin-deliveries.js';
export * from './admin-resources.js';
