import { OAUTH_MAX_REDIRECT_URIS, OAUTH_MAX_URI_LENGTH } from '@socialpub/core';
import { LOOPBACK_HOSTNAMES } from '../http/own-names.js';
import { OAuthError } from './oauth-error.js';

/**
 * Why a redirect URI cannot be registered, or null when it can. OAuth 2.1 section 2.3.1: https, or
 * http only to the person's own machine (a native app's loopback listener); no fragment; absolute.
 */
function redirectUriProblem(value: unknown): string | null {
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
  if (url.protocol === 'http:' && LOOPBACK_HOSTNAMES.has(url.hostname)) return null;
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

/**
 * A loopback redirect URI without its port, or null when the URI is not one. `plain` also asks that
 * the URI be written as the URL standard writes it, so the address compared is the one redirected to.
 */
function loopbackWithoutPort(uri: string, plain: boolean): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTNAMES.has(url.hostname)) return null;
  if (url.username !== '' || url.password !== '' || url.hash !== '') return null;
  if (plain && url.href !== uri) return null;
  url.port = '';
  return url.href;
}

/**
 * Whether the redirect URI of an authorization request is one the app registered. Exact, except
 * that a registered loopback URI (http to 127.0.0.1, [::1] or localhost, with or without a port)
 * matches the same address and path on any port: a native app listens on the port the system
 * gives it at that moment (RFC 8252 section 7.3, OAuth 2.1 section 8.4.2).
 */
export function redirectUriRegistered(registered: readonly string[], asked: string): boolean {
  if (registered.includes(asked)) return true;
  const portless = loopbackWithoutPort(asked, true);
  if (portless === null) return false;
  return registered.some((uri) => loopbackWithoutPort(uri, false) === portless);
}
