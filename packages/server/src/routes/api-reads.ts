import type { AccountsAnswerCache } from '../domain/accounts-answer.js';
import type { ReadAtOnce } from '../http/read-headers.js';
import type { Services } from '../services.js';
import { accountsRead, keptAccountsAnswers, optionsRead } from './accounts.js';
import { mediaFilesRead } from './media-files.js';
import { mediaStatusRead } from './media-import.js';
import { postRead, postsListRead } from './posts-read.js';

/** The API's reads, one handler each, built once: the routes mount them. */
export interface ApiReadHandlers {
  accounts: ReadAtOnce;
  options: ReadAtOnce;
  posts: ReadAtOnce;
  post: ReadAtOnce;
  mediaStatus: ReadAtOnce;
  mediaFiles: ReadAtOnce;
}

/** Each read's handler, built once (the accounts read keeps answers: one cache, shared with `/mcp`). */
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
