import { OAUTH_MAX_REDIRECT_URIS, OAUTH_MAX_URI_LENGTH } from '@socialpub/core';
import { OAuthError } from './oauth-error.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why a redirect URI cannot be registered, or null when it can. OAuth 2.1 section 2.3.1: https, or
 * http only to the person's own machine (a native app's loopback listener); no fragment; absolute.
 */
export function redirectUriProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'each redirect URI must be a non-empty string';
  if (value.length > OAUTH_MAX_URI_LENGTH) {
    return `a redirect URI may have at most ${OAUTH_MAX_URI_LENGTH} characters`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value} is not an absolute URL`;
  }
  if (url.hash !== '' || value.includes('#')) return `${value} must not contain a fragment (#)`;
  if (url.username !== '' || url.password !== '') return `${value} must not contain a user name or password`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `${value} must use https, or http to a loopback address (127.0.0.1, [::1] or localhost)`;
}

/** Checks a client's list of redirect URIs (registration or metadata document). */
export function checkRedirectUris(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be a list of at least one URI.');
  }
  if (value.length > OAUTH_MAX_REDIRECT_URIS) {
    throw new OAuthError(
      'invalid_redirect_uri',
      `redirect_uris may list at most ${OAUTH_MAX_REDIRECT_URIS} URIs; it lists ${value.length}.`,
    );
  }
  for (const uri of value) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `Invalid redirect URI: ${problem}.`);
  }
  return [...new Set(value as string[])];
}
