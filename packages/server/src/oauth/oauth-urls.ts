/**
 * The authorization server's addresses, derived on every request from `{base_url}` in the name the
 * request used (http/own-names.ts): an app that reached the server as `localhost` is told
 * `localhost` everywhere (RFC 9728 section 3.3, RFC 8414 section 3.3).
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

export function oauthUrls(requestBase: string): OAuthUrls {
  const base = requestBase.replace(/\/+$/, '');
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
