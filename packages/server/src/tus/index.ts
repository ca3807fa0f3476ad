export * from './request-body.js';
export * from './storage-access.js';
export * from './storage-routes.js';
export * from './tus-protocol.js';
