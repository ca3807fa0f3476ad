import type * as z from 'zod';
import type {
  AdminAccountDeletedSchema,
  AdminAccountDetailSchema,
  AdminAccountSchema,
  AdminClockMovedSchema,
  AdminClockSchema,
  AdminFaultListSchema,
  AdminFaultRemovedSchema,
  AdminFaultSchema,
  AdminKeyCreatedSchema,
  AdminKeyRevokedSchema,
  AdminLibraryItemSchema,
  AdminNetworkRemovedSchema,
  AdminNetworkSchema,
  AdminOutboxSchema,
  AdminRequestLogSchema,
  AdminTestClockDeletedSchema,
  AdminTestClockDetailSchema,
  AdminTestClockMovedSchema,
  AdminTestClockSchema,
} from './admin-answers.js';
import type {
  DeliveriesClearedSchema,
  DeliveriesQuerySchema,
  DeliveryPageSchema,
  DeliverySchema,
} from './admin-deliveries.js';
import type {
  AccountCreateSchema,
  ClockCreateSchema,
  ClockMoveSchema,
  FaultCreateSchema,
  KeyCreateSchema,
  MediaCreateSchema,
  NetworkPutSchema,
  ProfileCreateSchema,
  RequestsQuerySchema,
} from './admin-requests.js';

// Types of the admin API, inferred from its schemas (what a caller sends is the schema's input).

export type AdminAccountCreate = z.input<typeof AccountCreateSchema>;
export type AdminKeyCreate = z.input<typeof KeyCreateSchema>;
export type AdminProfileCreate = z.input<typeof ProfileCreateSchema>;
export type AdminNetworkPut = z.input<typeof NetworkPutSchema>;
export type AdminMediaCreate = z.input<typeof MediaCreateSchema>;
export type AdminClockMove = z.input<typeof ClockMoveSchema>;
export type AdminTestClockCreate = z.input<typeof ClockCreateSchema>;
export type AdminFaultCreate = z.input<typeof FaultCreateSchema>;
export type AdminRequestsQuery = z.input<typeof RequestsQuerySchema>;

export type AdminAccount = z.infer<typeof AdminAccountSchema>;
export type AdminAccountDetail = z.infer<typeof AdminAccountDetailSchema>;
export type AdminAccountDeleted = z.infer<typeof AdminAccountDeletedSchema>;
export type AdminKeyCreated = z.infer<typeof AdminKeyCreatedSchema>;
export type AdminKeyRevoked = z.infer<typeof AdminKeyRevokedSchema>;
export type AdminNetwork = z.infer<typeof AdminNetworkSchema>;
export type AdminNetworkRemoved = z.infer<typeof AdminNetworkRemovedSchema>;
export type AdminLibraryItem = z.infer<typeof AdminLibraryItemSchema>;
export type AdminOutbox = z.infer<typeof AdminOutboxSchema>;
export type AdminClock = z.infer<typeof AdminClockSchema>;
export type AdminClockMoved = z.infer<typeof AdminClockMovedSchema>;
export type AdminTestClock = z.infer<typeof AdminTestClockSchema>;
export type AdminTestClockDetail = z.infer<typeof AdminTestClockDetailSchema>;
export type AdminTestClockMoved = z.infer<typeof AdminTestClockMovedSchema>;
export type AdminTestClockDeleted = z.infer<typeof AdminTestClockDeletedSchema>;
export type AdminFault = z.infer<typeof AdminFaultSchema>;
export type AdminFaultList = z.infer<typeof AdminFaultListSchema>;
export type AdminFaultRemoved = z.infer<typeof AdminFaultRemovedSchema>;
export type AdminRequestLog = z.infer<typeof AdminRequestLogSchema>;

export type Delivery = z.infer<typeof DeliverySchema>;
export type DeliveryPage = z.infer<typeof DeliveryPageSchema>;
export type DeliveriesCleared = z.infer<typeof DeliveriesClearedSchema>;
export type DeliveriesQuery = z.input<typeof DeliveriesQuerySchema>;
