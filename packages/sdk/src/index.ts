// What each network refuses (core's rule table), for code that shows or checks counts before posting.
export type {
  FieldCount,
  NetworkRefusal,
  NetworkRulesMode,
  RefusalRule,
  RuleApplied,
  RuleField,
  RuleSource,
  RuleUnit,
  RuleWindow,
} from '@socialpub/core';
export * from './admin/index.js';
export {
  type ClientOptions,
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  SocialPub,
} from './client.js';
export * from './errors.js';
export { type CursorPage, PagePromise } from './pagination.js';
export { type AccountOptionsParams, Accounts } from './resources/accounts.js';
export { type ImportMediaOptions, Media, MediaFailedError } from './resources/media.js';
export { type LibraryListParams, MediaFiles } from './resources/media-files.js';
export {
  type AnyPostRecord,
  type CreatePostOptions,
  type PostListParams,
  type PostListStatus,
  Posts,
  type PostsPage,
} from './resources/posts.js';
export { publishKindOf, toPublishOutcome } from './resources/publish-outcome.js';
export { type TokenParams, type UploadLinkParams, Uploads } from './resources/uploads.js';
export { type WaitOptions, WaitTimeoutError } from './resources/wait.js';
export { backoffSeconds, decideRetry, isRetryable, type RetryDecision, type Sleep } from './retry.js';
export type { APIResponse, RequestOptions, RetryEvent } from './transport.js';
export type * from './types.js';
export type { UploadMediaOptions, UploadProgress, UploadSource } from './upload/upload-types.js';
