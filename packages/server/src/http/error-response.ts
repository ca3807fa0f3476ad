import { ApiError, apiError, errorBodyFor, isApiError, retryAfterHeader } from '@socialpub/core';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { mediaWriteFailure } from '../files/media-folder.js';
import { familyOfPath, isReadAddress, ownRefusalCode } from './address.js';
import type { AppEnv } from './context.js';
import { READ_HEADERS } from './read-headers.js';

/** Thrown to make an in-process request fail like a cut connection (faults `"drop"`). */
export class ConnectionDroppedError extends TypeError {
  constructor() {
    super('fetch failed: the connection was closed before an answer (simulated fault).');
    this.name = 'ConnectionDroppedError';
  }
}

/** The documented answer of an ApiError, in the body family of the address that was asked. */
export function errorResponse(
  c: Context<AppEnv>,
  err: ApiError,
  extraHeaders: Record<string, string> = {},
): Response {
  const path = c.req.path;
  const code = ownRefusalCode(path, err.code, c.req.method);
  // Not `apiError`: the older address renames a refusal already built from the catalog and keeps
  // its status (e.g. 401 unauthorized becomes 401 api_error), so everything else is copied as it was.
  const effective = code === err.code ? err : new ApiError(code, err.message, err);
  c.set('errorCode', code);
  // Errors: the Retry-After header is sent when the wait is an hour or less (core's one rule).
  const retryAfter = retryAfterHeader(effective);
  let headers = retryAfter === undefined ? extraHeaders : { ...extraHeaders, 'Retry-After': retryAfter };
  // All reads answer `Cache-Control: private, no-store`, refusals included.
  if (isReadAddress(c.req.method, path)) headers = { ...headers, ...READ_HEADERS };
  // A HEAD answer has no body (RFC 9110 §9.3.2), so it names no content type either: the status,
  // Retry-After and the address's own headers say it all.
  if (c.req.method === 'HEAD') return c.body(null, effective.status as ContentfulStatusCode, headers);
  return c.json(
    errorBodyFor(effective, familyOfPath(path)),
    effective.status as ContentfulStatusCode,
    headers,
  );
}

/** Anything that is not an ApiError answers 500 `server_error` without internals. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ConnectionDroppedError) throw err;
  if (isApiError(err)) return errorResponse(c, err);
  // The media folder could not be written (disk full, permissions): the documented 500 of the
  // address, with the cause named so the person running the server knows what to fix.
  const diskFault = mediaWriteFailure(err);
  if (diskFault) {
    console.error(`[socialpub] ${c.req.method} ${c.req.path}: ${diskFault.message}`);
    return errorResponse(c, apiError('server_error', `${diskFault.message} Try again once it is fixed.`));
  }
  console.error(`[socialpub] ${c.req.method} ${c.req.path} failed:`, err);
  return errorResponse(
    c,
    apiError('server_error', 'Something went wrong on our side. Try again in a minute.'),
  );
};

export const notFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(
    c,
    apiError(
      'not_found',
      // The bare address the start banner prints: say where to begin instead.
      c.req.path === '/'
        ? `No such address: /. The API's index is at ${c.var.baseUrl}/api/v2, the dashboard at ${c.var.baseUrl}/dashboard.`
        : `No such address: ${c.req.path}.`,
    ),
  );
