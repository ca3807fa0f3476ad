export * from './done-rules.js';
export * from './media-import.js';
export * from './post-record.js';
export * from './scheduled-post.js';
export * from './state-machine.js';
export * from './upload-link.js';
