import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentThroughForms } from './helpers/form-browser.js';
import { APP_REDIRECT_URI } from './helpers/oauth-app.js';
import { TestServer } from './helpers/test-server.js';

/**
 * The authorization server checked by an independent, strict client library (oauth4webapi): it
 * validates the metadata's issuer, the protected resource's identifier, the `iss` of the
 * authorization response (RFC 9207), PKCE and every token answer's shape.
 */
let server: TestServer;
let as: oauth.AuthorizationServer;
let client: oauth.Client;
const insecure = { [oauth.allowInsecureRequests]: true } as const;

beforeAll(async () => {
  server = await TestServer.start();
  const issuer = new URL(server.url);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }),
  );
  const registered = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      { client_name: 'oauth4webapi', redirect_uris: [APP_REDIRECT_URI], token_endpoint_auth_method: 'none' },
      insecure,
    ),
  );
  client = { client_id: registered.client_id, token_endpoint_auth_method: 'none' };
});
afterAll(async () => {
  await server?.close();
});

async function authorize(
  permission: 'read' | 'post',
): Promise<{ params: URLSearchParams; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: APP_REDIRECT_URI,
    scope: 'socialpub:read socialpub:post',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    resource: `${server.url}/mcp`,
  }).toString();
  const callback = await consentThroughForms(url.toString(), {
    email: 'demo@example.com',
    password: 'demo-password',
    permission,
  });
  return { params: oauth.validateAuthResponse(as, client, callback, state), verifier };
}

function exchange(params: URLSearchParams, verifier: string) {
  return oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, APP_REDIRECT_URI, verifier, {
    ...insecure,
    additionalParameters: { resource: `${server.url}/mcp` },
  });
}

describe('OAuth conformance with oauth4webapi', () => {
  it('serves protected resource metadata whose resource is {base_url}/mcp and names this issuer', async () => {
    const resource = new URL(`${server.url}/mcp`);
    const metadata = await oauth.processResourceDiscoveryResponse(
      resource,
      await oauth.resourceDiscoveryRequest(resource, insecure),
    );
    expect(metadata.authorization_servers).toEqual([as.issuer]);
  });

  it('runs the code flow with PKCE and iss, refreshes with rotation and revokes', async () => {
    const { params, verifier } = await authorize('post');
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange(params, verifier));
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('socialpub:read socialpub:post');
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token ?? '', insecure),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token ?? '', insecure),
    );
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(
          as,
          client,
          oauth.None(),
          refreshed.refresh_token ?? '',
          insecure,
        ),
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a reused code and a wrong verifier with invalid_grant in RFC 6749 form', async () => {
    const { params, verifier } = await authorize('read');
    await expect(
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await exchange(params, oauth.generateRandomCodeVerifier()),
      ),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/code_verifier/),
    });
    await oauth.processAuthorizationCodeResponse(as, client, await exchange(params, verifier));
    await expect(
      oauth.processAuthorizationCodeResponse(as, client, await exchange(params, verifier)),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/already used/),
    });
  });
});
