export * from './build-document.js';
export * from './route.js';
export * from './to-yaml.js';
