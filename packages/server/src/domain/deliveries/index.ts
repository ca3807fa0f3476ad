export { type DeliveredSend, deliveryOf, networkAccepted } from './delivery-of-send.js';
export { deliveryId, deliveryView, postIdOfDelivery } from './delivery-view.js';
export { type DeliveryListInput, deliveryFilter, listDeliveries } from './list-deliveries.js';
