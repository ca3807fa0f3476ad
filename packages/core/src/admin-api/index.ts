export * from './admin-answers.js';
export * from './admin-bounds.js';
export * from './admin-deliveries.js';
export * from './admin-requests.js';
export * from './admin-simulate.js';
export type * from './admin-types.js';
