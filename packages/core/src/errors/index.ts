export * from './api-error.js';
export * from './error-bodies.js';
export * from './error-family.js';
