import type { Services } from '../services.js';

/**
 * The authorization server's addresses, derived from `{base_url}` on every call: the base is set
 * after the listener picks its port, and a token bound to an old base must stop matching.
 */
export interface OAuthUrls {
  /** RFC 8414 issuer and the `iss` of every authorization response (RFC 9207). */
  issuer: string;
  /** The one protected resource (RFC 8707 audience): `{base_url}/mcp`. */
  resource: string;
  resourceMetadata: string;
  authorizationServerMetadata: string;
  authorize: string;
  token: string;
  register: string;
  revoke: string;
  consent: string;
  signIn: string;
}

export const OAUTH_PATHS = {
  resourceMetadata: '/.well-known/oauth-protected-resource/mcp',
  authorizationServerMetadata: '/.well-known/oauth-authorization-server',
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
  consent: '/dashboard/consent',
  connectedApps: '/dashboard/connected-apps',
} as const;

export function oauthUrls(services: Services): OAuthUrls {
  const base = services.urls.base.replace(/\/+$/, '');
  return {
    issuer: base,
    resource: `${base}/mcp`,
    resourceMetadata: `${base}${OAUTH_PATHS.resourceMetadata}`,
    authorizationServerMetadata: `${base}${OAUTH_PATHS.authorizationServerMetadata}`,
    authorize: `${base}${OAUTH_PATHS.authorize}`,
    token: `${base}${OAUTH_PATHS.token}`,
    register: `${base}${OAUTH_PATHS.register}`,
    revoke: `${base}${OAUTH_PATHS.revoke}`,
    consent: `${base}${OAUTH_PATHS.consent}`,
    signIn: `${base}/dashboard/sign-in`,
  };
}
