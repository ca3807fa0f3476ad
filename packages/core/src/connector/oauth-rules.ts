/**
 * The connector's OAuth 2.1 rules that the server, its pages and the tests must agree on: error
 * codes with their HTTP statuses (RFC 6749 section 5.2, RFC 7591, RFC 8707, RFC 6750) and the
 * lifetimes of what the authorization server issues. The reference server chooses the lifetimes
 * (the API document leaves them open); every expiry is read from the injected clock.
 */
export const OAUTH_ERROR_STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  invalid_scope: 400,
  access_denied: 403,
  /** RFC 8707: the `resource` is not this server's MCP address. */
  invalid_target: 400,
  /** RFC 7591 (registration). */
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
  /** RFC 6750 (bearer tokens at the resource). */
  invalid_token: 401,
  insufficient_scope: 403,
  server_error: 500,
  temporarily_unavailable: 503,
  /**
   * Too many registrations from one address (RFC 7591 names no code for it): RFC 8628's
   * `slow_down`, the registered OAuth code for "wait before asking again", with 429 and Retry-After.
   */
  slow_down: 429,
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERROR_STATUS;

export const OAUTH_LIFETIMES = {
  /** An access token works for one hour; the app then refreshes. */
  accessTokenSeconds: 3600,
  /** A refresh token works for 30 days and is replaced on every use (rotation). */
  refreshTokenSeconds: 30 * 24 * 3600,
  /** An authorization code must be exchanged within 10 minutes, once. */
  authorizationCodeSeconds: 600,
  /** A fetched Client ID Metadata Document is reused for 5 minutes. */
  clientMetadataCacheSeconds: 300,
} as const;

/**
 * Every way a client is stored (RFC 7591 registration, a first Client ID Metadata Document) is
 * open, so it is bounded instead: at most `perAddressPerWindow` new clients from one source
 * address in any `windowSeconds`, both ways together; at most `maxUnusedClients` clients that never
 * obtained a grant on the whole server; and such a client is removed `unusedClientRetentionSeconds`
 * after it was stored. An app registers once per install and is granted within minutes; a client
 * never granted in a day is abandoned or a flood.
 */
export const OAUTH_REGISTRATION_LIMITS = {
  perAddressPerWindow: 20,
  windowSeconds: 3600,
  maxUnusedClients: 1000,
  unusedClientRetentionSeconds: 24 * 3600,
  /**
   * Client ID Metadata Documents fetched at once for one source address (of the server's 20): slow
   * documents from one address cannot hold every fetch. A fetch that times out counts as a new
   * client of that address.
   */
  metadataFetchesPerAddressAtOnce: 4,
} as const;

/** At most this many redirect URIs per registered client, each at most 2,000 characters. */
export const OAUTH_MAX_REDIRECT_URIS = 10;
export const OAUTH_MAX_URI_LENGTH = 2000;
/** A Client ID Metadata Document larger than this is refused (it is a small JSON object). */
export const OAUTH_MAX_CLIENT_METADATA_BYTES = 5120;
