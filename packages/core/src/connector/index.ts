export * from './connector-scopes.js';
export * from './connector-tools.js';
export * from './oauth-rules.js';
