import { CONNECTOR_SCOPES } from '@socialpub/core';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import { requestBase } from '../http/host-check.js';
import type { Services } from '../services.js';
import { OAUTH_PATHS, oauthUrls } from './oauth-urls.js';

/**
 * The two discovery documents an MCP client reads first: RFC 9728 protected resource metadata for
 * `{base_url}/mcp` (named by the 401 challenge of /mcp), then RFC 8414 authorization server
 * metadata. Built on every request from `{base_url}` in the name the request used.
 */
export function mountMetadata(app: Hono<AppEnv>, services: Services): void {
  app.get(OAUTH_PATHS.resourceMetadata, (c) => {
    const urls = oauthUrls(requestBase(c, services));
    return c.json({
      resource: urls.resource,
      authorization_servers: [urls.issuer],
      scopes_supported: [...CONNECTOR_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'socialpub AI-app connector',
    });
  });

  app.get(OAUTH_PATHS.authorizationServerMetadata, (c) => {
    const urls = oauthUrls(requestBase(c, services));
    return c.json({
      issuer: urls.issuer,
      authorization_endpoint: urls.authorize,
      token_endpoint: urls.token,
      registration_endpoint: urls.register,
      revocation_endpoint: urls.revoke,
      scopes_supported: [...CONNECTOR_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      // Public clients only: an AI app on a person's machine cannot keep a secret; PKCE binds the code.
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });
}
