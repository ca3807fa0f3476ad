import { createHash, randomBytes } from 'node:crypto';
import { consentThroughForms } from './form-browser.js';

export const APP_REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';

type Json = Record<string, unknown>;

export interface Person {
  email: string;
  password: string;
  permission: 'read' | 'post';
}

/**
 * An AI app's side of the sign-in, as both MCP SDKs expect it (`OAuthClientProvider`): it keeps
 * the registration, tokens, PKCE verifier and discovery state in memory. When the SDK sends the
 * person to the authorization URL, a person (`consentAs`) signs in and answers the consent page
 * by real form posts with the CSRF token; the redirect back is kept in `callback`. With no person
 * set, the redirect is only recorded (the person closed the window).
 */
export class TestOAuthApp {
  clientInfo: Json | undefined;
  savedTokens: Json | undefined;
  tokenSaves = 0;
  verifier = '';
  discovery: Json | undefined;
  callback: URL | undefined;
  readonly redirects: URL[] = [];
  consentAs: Person | null;

  constructor(
    readonly appName: string,
    person: Person,
  ) {
    this.consentAs = person;
  }

  get redirectUrl(): string {
    return APP_REDIRECT_URI;
  }

  get clientMetadata() {
    return {
      client_name: this.appName,
      redirect_uris: [APP_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.clientInfo as never;
  }

  saveClientInformation(info: Json): void {
    this.clientInfo = info;
  }

  tokens() {
    return this.savedTokens as never;
  }

  saveTokens(tokens: Json): void {
    this.savedTokens = tokens;
    this.tokenSaves += 1;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.redirects.push(url);
    if (!this.consentAs) return;
    this.callback = await consentThroughForms(url.toString(), this.consentAs);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  saveDiscoveryState(state: Json): void {
    this.discovery = state;
  }

  discoveryState() {
    return this.discovery as never;
  }

  invalidateCredentials(scope: string): void {
    if (scope === 'all' || scope === 'tokens') this.savedTokens = undefined;
    if (scope === 'all' || scope === 'client') this.clientInfo = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  /** The code of the redirect back, after `redirectToAuthorization` ran the consent. */
  code(): string {
    const code = this.callback?.searchParams.get('code');
    if (!code) throw new Error(`The app got no code back: ${this.callback}`);
    return code;
  }
}

export interface McpExchange {
  method: string;
  status: number;
  challenge: string | null;
}

/** A fetch that records what `/mcp` answered (statuses and challenges), for assertions. */
export function recordingFetch(log: McpExchange[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url).pathname === '/mcp') {
      log.push({
        method: init?.method ?? 'GET',
        status: response.status,
        challenge: response.headers.get('www-authenticate'),
      });
    }
    return response;
  };
}

/**
 * Registers an app named `clientName` (dynamic client registration) and builds the authorization
 * address a browser opens for it (read and post on `/mcp`, PKCE S256): what an AI app sends people to.
 */
export async function authorizationForNewApp(
  serverUrl: string,
  clientName: string,
  state = 'browser-state',
): Promise<{ authorization: URL; verifier: string; clientId: string }> {
  const registration = (await (
    await fetch(`${serverUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: clientName, redirect_uris: [APP_REDIRECT_URI] }),
    })
  ).json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const authorization = new URL(`${serverUrl}/oauth/authorize`);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: registration.client_id,
    redirect_uri: APP_REDIRECT_URI,
    state,
    scope: 'socialpub:read socialpub:post',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${serverUrl}/mcp`,
  })) {
    authorization.searchParams.set(name, value);
  }
  return { authorization, verifier, clientId: registration.client_id };
}
