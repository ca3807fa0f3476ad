import { OAuthError } from './oauth-error.js';

const MAX_NAME_LENGTH = 200;
const SUPPORTED_GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);

/** `client_name` cleaned for display: control characters removed, at most 200 characters. */
export function checkClientName(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw new OAuthError('invalid_client_metadata', 'client_name must be a string.');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' ? null : cleaned.slice(0, MAX_NAME_LENGTH);
}

export function checkClientUri(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw new OAuthError('invalid_client_metadata', 'client_uri must be a string.');
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
  } catch {
    // refused below
  }
  throw new OAuthError('invalid_client_metadata', 'client_uri must be an http or https URL.');
}

/** Only the code flow with refresh is offered; anything else is refused with what is supported. */
export function checkGrantAndResponseTypes(body: Record<string, unknown>): void {
  const grants = body.grant_types;
  if (grants !== undefined) {
    if (
      !Array.isArray(grants) ||
      grants.some((g) => typeof g !== 'string' || !SUPPORTED_GRANT_TYPES.has(g))
    ) {
      throw new OAuthError(
        'invalid_client_metadata',
        'grant_types may only contain "authorization_code" and "refresh_token".',
      );
    }
  }
  const responses = body.response_types;
  if (responses !== undefined) {
    if (!Array.isArray(responses) || responses.some((r) => r !== 'code')) {
      throw new OAuthError('invalid_client_metadata', 'response_types may only contain "code".');
    }
  }
}

/**
 * Public clients only: this server never issues a client secret. RFC 7591 section 3.2.1 lets the
 * server replace a requested value, and the registration answer says "none", which every MCP client
 * follows; PKCE binds each code to the app that asked for it instead of a secret.
 */
export function checkAuthMethod(value: unknown): 'none' {
  if (value === undefined || typeof value === 'string') return 'none';
  throw new OAuthError('invalid_client_metadata', 'token_endpoint_auth_method must be a string.');
}
