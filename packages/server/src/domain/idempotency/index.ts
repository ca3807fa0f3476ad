export * from './answer-headers.js';
export * from './idempotency-expiry.js';
export * from './idempotency-outcome.js';
export * from './idempotency-service.js';
export * from './request-fingerprint.js';
