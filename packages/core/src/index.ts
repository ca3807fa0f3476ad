export * from './errors/api-error.js';
export * from './errors/error-bodies.js';
export * from './errors/error-family.js';
export * from './plans.js';
export * from './platforms.js';
