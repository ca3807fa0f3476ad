export * from './operation-definition.js';
export * from './operations.js';
export * from './request-parts.js';
export * from './retry-advice.js';
