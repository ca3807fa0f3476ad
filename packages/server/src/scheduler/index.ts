export * from './driver-sender.js';
export * from './publishing-sender.js';
export * from './recovery.js';
export * from './scheduled-sender.js';
export * from './scheduler.js';
export * from './start-posts-area.js';
