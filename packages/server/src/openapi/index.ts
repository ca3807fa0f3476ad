export * from './build-document.js';
export * from './to-yaml.js';
