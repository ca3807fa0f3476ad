export * from './cli-error.js';
export * from './colors.js';
export * from './exit-status.js';
export * from './handle-error.js';
export * from './list-output.js';
export * from './raw-capture.js';
export * from './table.js';
