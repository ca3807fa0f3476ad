import type { ErrorFamily } from '@socialpub/core';

/**
 * The one place that knows which body family an address answers in ("Errors", Shapes):
 * upload links (`/api/v2/media/uploads...`) and their storage endpoint (`/storage/uploads/...`) use
 * the upload-link shape; the media import and its
 * status request (`/api/v2/media`, `/legacy/media`) the media-import shape; everything else
 * (posts, reads including `/api/v2/media/files`, the admin API) the standard shape.
 */
export function familyOfPath(path: string): ErrorFamily {
  const clean = stripTrailingSlash(path);
  if (clean === '/api/v2/media/uploads' || clean.startsWith('/api/v2/media/uploads/')) return 'upload_link';
  // The storage endpoint answers in the upload-link shape too, also for failures it did not foresee.
  if (clean.startsWith('/storage/uploads/')) return 'upload_link';
  if (clean === '/api/v2/media' || clean === '/legacy/media' || clean.startsWith('/legacy/media/')) {
    return 'media_import';
  }
  return 'standard';
}

/**
 * The reads every answer of which, refusals included, carries `Cache-Control: private, no-store`
 * (GET /accounts/{id}/options, last paragraph; the media library likewise): GET accounts, options,
 * posts, posts/{id} and the media library.
 */
export function isReadAddress(method: string, path: string): boolean {
  if (method !== 'GET' || !path.startsWith('/api/v2/')) return false;
  const clean = stripTrailingSlash(path);
  if (clean === '/api/v2/accounts' || clean.startsWith('/api/v2/accounts/')) return true;
  if (clean === '/api/v2/posts' || clean === '/api/v2/media/files') return true;
  return clean.startsWith('/api/v2/posts/') && !clean.slice('/api/v2/posts/'.length).includes('/');
}

export function isLegacyPostsPath(path: string): boolean {
  const clean = stripTrailingSlash(path);
  return clean === '/legacy/posts' || clean.startsWith('/legacy/posts/');
}

/**
 * "Older addresses": the posts address answers its own refusals (401, invalid JSON, missing fields,
 * bad dryRun, 405) with code `api_error`. Upload links call a bad request `invalid_request`.
 */
const LEGACY_POSTS_OWN_CODES = new Set(['unauthorized', 'bad_request', 'method_not_allowed', 'not_found']);

/**
 * The cancel (DELETE `/legacy/posts/{id}`) takes the current address's DELETE "with the same
 * answers": its 400 for a non-UUID id stays `bad_request`. Its key check is still the older
 * address's own (401 `api_error`).
 */
function isLegacyCancelRefusal(path: string, method: string, code: string): boolean {
  return (
    method === 'DELETE' && code === 'bad_request' && stripTrailingSlash(path).startsWith('/legacy/posts/')
  );
}

export function ownRefusalCode(path: string, code: string, method = 'GET'): string {
  if (
    isLegacyPostsPath(path) &&
    LEGACY_POSTS_OWN_CODES.has(code) &&
    !isLegacyCancelRefusal(path, method, code)
  ) {
    return 'api_error';
  }
  if (familyOfPath(path) === 'upload_link' && code === 'bad_request') return 'invalid_request';
  return code;
}

function stripTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
