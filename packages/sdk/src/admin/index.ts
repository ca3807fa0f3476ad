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
} from '@socialpub/core';
export { type AdminClientOptions, SocialPubAdmin } from './admin-client.js';
export * from './admin-resources.js';
