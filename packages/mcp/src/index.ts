export * from './backend.js';
export * from './create-connector-server.js';
export * from './post-input.js';
export * from './sdk-backend.js';
export * from './tool-registry.js';
export * from './tool-result.js';
export * from './tools/index.js';
