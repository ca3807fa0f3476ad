export type { DeliveredSend } from './delivery-of-send.js';
export { deliveryView, postIdOfDelivery } from './delivery-view.js';
export { type DeliveryListInput, deliveryFilter, listDeliveries } from './list-deliveries.js';
