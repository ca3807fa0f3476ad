export * from './cancel-post.js';
export * from './figures-collection.js';
export * from './finish-pending-post.js';
export * from './list-posts.js';
export * from './post-list-query.js';
export * from './post-views.js';
export * from './read-post.js';
