import type { AccountsAnswerCache } from '../domain/accounts-answer.js';
import type { ApiReads } from '../http/read-lane.js';
import type { Services } from '../services.js';
import { accountsRead, keptAccountsAnswers, optionsRead } from './accounts.js';
import { mediaFilesRead } from './media-files.js';
import { mediaStatusRead } from './media-import.js';
import { postRead, postsListRead } from './posts-read.js';

/** The API's reads, one handler each: the routes mount them, and the read lane answers through them. */
export interface ApiReadHandlers {
  accounts: ApiReads[string];
  options: ApiReads[string];
  posts: ApiReads[string];
  post: ApiReads[string];
  mediaStatus: ApiReads[string];
  mediaFiles: ApiReads[string];
}

/** Each read's handler, built once (a handler may keep answers: one cache for the lane and the routes). */
export function apiReadHandlers(
  services: Services,
  accountsAnswers: AccountsAnswerCache = keptAccountsAnswers(services),
): ApiReadHandlers {
  return {
    accounts: accountsRead(services, accountsAnswers),
    options: optionsRead(services),
    posts: postsListRead(services),
    post: postRead(services),
    mediaStatus: mediaStatusRead(services),
    mediaFiles: mediaFilesRead(services),
  };
}

/**
 * Every GET of `/api/v2` the API document defines, by its Hono path, for the read lane
 * (http/read-lane.ts). A test holds this list to the document's operations.
 */
export function apiReadPaths(handlers: ApiReadHandlers): ApiReads {
  return {
    '/api/v2/accounts': handlers.accounts,
    '/api/v2/accounts/:id/options': handlers.options,
    '/api/v2/posts': handlers.posts,
    '/api/v2/posts/:id': handlers.post,
    '/api/v2/media': handlers.mediaStatus,
    '/api/v2/media/files': handlers.mediaFiles,
  };
}
