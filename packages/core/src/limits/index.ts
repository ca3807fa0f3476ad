export * from './allowance.js';
export * from './byte-units.js';
export * from './decide-allowance.js';
export * from './detect-links.js';
export * from './limits.js';
export * from './upload-budget.js';
export * from './utc-time.js';
export * from './x-addon.js';
