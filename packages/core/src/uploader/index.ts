export * from './exit-codes.js';
export * from './uploader-options.js';
