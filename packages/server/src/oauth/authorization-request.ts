import { CONNECTOR_SCOPES, type ConnectorScope, parseConnectorScopes } from '@socialpub/core';
import type { OAuthClientRecord } from '../db/oauth-clients-repo.js';
import type { OwnNames } from '../http/own-names.js';
import type { OAuthClients } from './clients.js';
import { OAuthError } from './oauth-error.js';
import type { OAuthUrls } from './oauth-urls.js';
import { isS256Challenge } from './pkce.js';
import { redirectUriRegistered } from './redirect-uris.js';

/** A checked authorization request (code flow, PKCE S256, resource bound to `{base_url}/mcp`). */
export interface AuthorizationRequest {
  client: OAuthClientRecord;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  /** The resource in its one form (a loopback name stands for every other, OwnNames.canonical). */
  resource: string;
  /** What the app asked for; the person chooses on the consent page. */
  requestedScopes: ConnectorScope[];
  /** The request's own parameters, carried by the consent form. */
  params: Record<string, string>;
}

/**
 * The outcome of checking a request. Until the client and its redirect URI are known to match,
 * a problem is shown on a page (`page`) and NEVER sent to the redirect URI: an unregistered
 * redirect could hand the error, or a later code, to someone else (OAuth 2.1 section 4.1.2.1).
 */
export type AuthorizationCheck =
  | { kind: 'ok'; request: AuthorizationRequest }
  | { kind: 'page'; error: OAuthError }
  | { kind: 'redirect'; redirectUri: string; state: string | null; error: OAuthError };

const PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'resource',
] as const;

/** `source` gives every value of a name (query string or form), so repeats can be refused. */
export async function checkAuthorizationRequest(
  source: (name: string) => string[],
  clients: OAuthClients,
  urls: OAuthUrls,
  names: Pick<OwnNames, 'canonical'>,
  from = 'local',
): Promise<AuthorizationCheck> {
  const params: Record<string, string> = {};
  for (const name of PARAMS) {
    const values = source(name);
    if (values.length > 1) {
      return {
        kind: 'page',
        error: new OAuthError('invalid_request', `The parameter ${name} is sent more than once.`),
      };
    }
    if (values[0] !== undefined) params[name] = values[0];
  }
  let client: OAuthClientRecord;
  try {
    client = await clients.resolve(params.client_id, from);
  } catch (error) {
    if (error instanceof OAuthError) return { kind: 'page', error };
    throw error;
  }
  const redirectUri =
    params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri) {
    return {
      kind: 'page',
      error: new OAuthError('invalid_request', 'redirect_uri is missing; this app registered more than one.'),
    };
  }
  if (!redirectUriRegistered(client.redirectUris, redirectUri)) {
    return {
      kind: 'page',
      error: new OAuthError(
        'invalid_request',
        'The redirect_uri is not one the app registered (it must match exactly; a loopback address only its port may differ), so this request cannot be answered.',
      ),
    };
  }
  const state = params.state ?? null;
  // An error goes back to the app only when the request itself named a redirect_uri that matched
  // the client's, and someone once consented to that client: otherwise it gets a page, so a link
  // cannot bounce a person off this server to an address anyone may register, with an error
  // attached (RFC 9700 section 4.11.2).
  const refuse = (error: OAuthError): AuthorizationCheck =>
    params.redirect_uri === undefined || !clients.consented(client.clientId)
      ? { kind: 'page', error }
      : { kind: 'redirect', redirectUri, state, error };
  if (params.response_type !== 'code') {
    return refuse(
      new OAuthError(
        'unsupported_response_type',
        'Only the authorization code flow is offered: send response_type=code.',
      ),
    );
  }
  const method = params.code_challenge_method;
  if (!params.code_challenge || method === undefined) {
    return refuse(
      new OAuthError(
        'invalid_request',
        'PKCE is required: send code_challenge with code_challenge_method=S256.',
      ),
    );
  }
  if (method !== 'S256') {
    return refuse(
      new OAuthError(
        'invalid_request',
        `code_challenge_method ${method} is refused; only S256 is supported.`,
      ),
    );
  }
  if (!isS256Challenge(params.code_challenge)) {
    return refuse(
      new OAuthError(
        'invalid_request',
        'code_challenge must be the base64url SHA-256 of the verifier (43 characters).',
      ),
    );
  }
  if (params.resource === undefined) {
    return refuse(new OAuthError('invalid_target', `resource is missing; send resource=${urls.resource}.`));
  }
  const resource = names.canonical(params.resource);
  if (resource !== names.canonical(urls.resource)) {
    return refuse(
      new OAuthError(
        'invalid_target',
        `This server issues tokens only for ${urls.resource}, not for the resource asked.`,
      ),
    );
  }
  let requestedScopes: ConnectorScope[] = [...CONNECTOR_SCOPES];
  if (params.scope !== undefined) {
    requestedScopes = parseConnectorScopes(params.scope);
    if (requestedScopes.length === 0) {
      return refuse(
        new OAuthError('invalid_scope', `Unknown scope; ask for ${CONNECTOR_SCOPES.join(' and/or ')}.`),
      );
    }
  }
  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      state,
      codeChallenge: params.code_challenge,
      resource,
      requestedScopes,
      params,
    },
  };
}

/** The app's redirect URI with the answer added (RFC 6749 4.1.2, `iss` from RFC 9207). */
export function authorizationResponseUrl(
  redirectUri: string,
  answer: Record<string, string>,
  state: string | null,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
  if (state !== null) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

export function errorRedirectUrl(
  check: Extract<AuthorizationCheck, { kind: 'redirect' }>,
  issuer: string,
): string {
  return authorizationResponseUrl(
    check.redirectUri,
    { error: check.error.code, error_description: check.error.description },
    check.state,
    issuer,
  );
}
