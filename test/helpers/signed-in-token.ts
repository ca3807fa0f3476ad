import { createHash, randomBytes } from 'node:crypto';
import { consentThroughForms } from './form-browser.js';

const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/**
 * An access token for `/mcp` as a signed-in AI app gets it, by the protocol itself: registration,
 * the authorization URL with PKCE S256, the person's sign-in and consent by real form posts (the
 * demo account, read and post), and the code exchange.
 */
export async function signedInToken(base: string, appName = 'Model provider check'): Promise<string> {
  const registered = (await (
    await fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: appName, redirect_uris: [REDIRECT_URI] }),
    })
  ).json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${base}/oauth/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: registered.client_id,
    redirect_uri: REDIRECT_URI,
    scope: 'socialpub:read socialpub:post',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${base}/mcp`,
  }).toString();
  const callback = await consentThroughForms(authorize.toString(), {
    email: 'demo@example.com',
    password: 'demo-password',
    permission: 'post',
  });
  const tokens = (await (
    await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') ?? '',
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: registered.client_id,
        resource: `${base}/mcp`,
      }),
    })
  ).json()) as { access_token?: string };
  if (!tokens.access_token) throw new Error(`No access token: ${JSON.stringify(tokens)}`);
  return tokens.access_token;
}
