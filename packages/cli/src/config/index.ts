export * from './config-dir.js';
export * from './config-file.js';
export * from './mask-key.js';
export * from './private-file.js';
export * from './read-secret.js';
export * from './resolve-config.js';
