export * from './admin-answers.js';
export * from './admin-requests.js';
