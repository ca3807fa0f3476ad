export * from './api-error.js';
export * from './api-error-factory.js';
export type { ErrorCatalogEntry, UploadLinkRetry } from './catalog-entry.js';
export * from './error-bodies.js';
export * from './error-catalog.js';
export * from './error-codes.js';
export * from './error-family.js';
export { afterRetryAfter, describeRetry, type RetryRule, type RetryRuleKind } from './retry-rule.js';
export * from './retry-rules.js';
