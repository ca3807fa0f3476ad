import { createHash, randomBytes } from 'node:crypto';
import type { ConnectorScope } from '@socialpub/core';
import type { CreateAppOptions } from '../../src/app.js';
import { consentToApp } from '../../src/oauth/grants.js';
import { oauthUrls } from '../../src/oauth/oauth-urls.js';
import { type RunningServer, startServer } from '../../src/start-server.js';
import { TEST_PASSWORD_WORK_FACTOR } from '../helpers/test-app.js';

export const ADMIN_TOKEN = 'oauth-test-admin-token';
export const REDIRECT_URI = 'http://127.0.0.1:9999/callback';

export interface OAuthTestServer {
  running: RunningServer;
  url: string;
  demoAccountId: string;
  close(): Promise<void>;
}

/** A real listener on 127.0.0.1 port 0 with a virtual clock and the demo account (plan skilled). */
export async function startOAuthServer(
  options: Pick<CreateAppOptions, 'clientMetadataFetcher'> = {},
): Promise<OAuthTestServer> {
  const running = await startServer(
    {
      memory: true,
      port: 0,
      host: '127.0.0.1',
      clock: 'virtual',
      adminToken: ADMIN_TOKEN,
      seedDemo: true,
      passwordWorkFactor: TEST_PASSWORD_WORK_FACTOR,
      ...(options.clientMetadataFetcher ? { clientMetadataFetcher: options.clientMetadataFetcher } : {}),
    },
    () => undefined,
  );
  const demo = running.socialpub.demo;
  if (!demo) throw new Error('no demo account');
  return { running, url: running.url, demoAccountId: demo.accountId, close: () => running.close() };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function register(
  server: OAuthTestServer,
  body: Record<string, unknown> = { redirect_uris: [REDIRECT_URI], client_name: 'Test AI app' },
): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(`${server.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

export async function postForm(
  server: OAuthTestServer,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>,
    headers: response.headers,
  };
}

/** Consent given through the domain function the consent page calls (pages are tested elsewhere). */
export async function codeFor(
  server: OAuthTestServer,
  clientId: string,
  scopes: ConnectorScope[],
  challenge: string,
  accountId = server.demoAccountId,
): Promise<string> {
  const services = server.running.socialpub.services;
  const client = await services.oauthClients?.resolve(clientId);
  if (!client) throw new Error('no client');
  const { code } = consentToApp(
    services,
    accountId,
    {
      client,
      redirectUri: REDIRECT_URI,
      state: null,
      codeChallenge: challenge,
      resource: oauthUrls(services.ownNames.canonicalBase()).resource,
      requestedScopes: scopes,
      params: {},
    },
    scopes,
  );
  return code;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

/** Registration, consent and the code exchange: a connected app's first tokens. */
export async function connectApp(
  server: OAuthTestServer,
  scopes: ConnectorScope[] = ['socialpub:read', 'socialpub:post'],
  accountId = server.demoAccountId,
): Promise<{ clientId: string; tokens: Tokens }> {
  const { body } = await register(server);
  const clientId = body.client_id as string;
  const { verifier, challenge } = pkcePair();
  const code = await codeFor(server, clientId, scopes, challenge, accountId);
  const answer = await postForm(server, '/oauth/token', {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    resource: `${server.url}/mcp`,
  });
  if (answer.status !== 200)
    throw new Error(`token answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { clientId, tokens: answer.body as unknown as Tokens };
}

export async function advance(server: OAuthTestServer, seconds: number): Promise<void> {
  const response = await fetch(`${server.url}/admin/v1/clock`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: seconds }),
  });
  if (response.status !== 200) throw new Error(`clock answered ${response.status}`);
}

export function verify(server: OAuthTestServer, token: string) {
  return server.running.socialpub.services.accessTokens.verify(token);
}

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-password';

/** The app's authorization request, as an MCP client builds it. */
export function authorizationUrl(
  server: OAuthTestServer,
  clientId: string,
  challenge: string,
  change: Record<string, string> = {},
): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    state: 'app-state-1',
    scope: 'socialpub:read socialpub:post',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${server.url}/mcp`,
    ...change,
  });
  return `${server.url}/oauth/authorize?${params}`;
}

export async function adminJson<Body>(server: OAuthTestServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Body;
}
