/**
 * The exit status of every `socialpub` command except `media upload` (which uses the uploader's
 * own table, UPLOADER_EXIT_CODES). One status per failure class, so scripts can branch on it.
 */
export const EXIT_STATUS = {
  ok: 0,
  /** Network failure, no answer, or anything unexpected. */
  generic: 1,
  /** Wrong command line or input the service refused as such (400, 404, 405, 410, 413, 415, 422). */
  usage: 2,
  /** No key, a key the service refused, or a plan or profile it may not use (401, 403). */
  auth: 3,
  /** Throttled or an allowance used up (429). */
  rateLimited: 4,
  /** The service or a network failed (5xx). */
  server: 5,
  /** Conflict or still running (409; a `--wait` that ended before the work was done). */
  conflict: 6,
} as const;

export type ExitStatus = (typeof EXIT_STATUS)[keyof typeof EXIT_STATUS];

/**
 * By status, except `account_not_found` (403 on a post, 404 on a read): the profile named on the
 * command line is not the account's, which is input to fix, not a key or plan to change.
 */
export function exitStatusForHttp(status: number, code?: string): ExitStatus {
  if (code === 'account_not_found') return EXIT_STATUS.usage;
  if (status === 401 || status === 403) return EXIT_STATUS.auth;
  if (status === 429) return EXIT_STATUS.rateLimited;
  if (status === 409) return EXIT_STATUS.conflict;
  if (status >= 500) return EXIT_STATUS.server;
  if (status >= 400) return EXIT_STATUS.usage;
  return EXIT_STATUS.generic;
}

/** The `--help` epilog and README text. */
export const EXIT_STATUS_HELP = `Exit status:
  0  success
  1  network failure, no answer, or an unexpected error
  2  usage error or input refused (HTTP 400, 404, 405, 410, 413, 415, 422;
     403 account_not_found: a profile that is not on the key's account)
  3  authentication or permission (no API key, HTTP 401, other 403)
  4  rate limited or allowance used up (HTTP 429)
  5  server or network failure (HTTP 5xx)
  6  conflict or still running (HTTP 409; --wait ended before the work was done)
  media upload uses the uploader's codes instead: 0 done, 1 failed, 2 refused,
  3 partial, 4 token_rejected, 5 busy, 6 bad_command.`;
