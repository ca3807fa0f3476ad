import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adminJson,
  advance,
  connectApp,
  type OAuthTestServer,
  postForm,
  startOAuthServer,
} from './oauth-helpers.js';

let server: OAuthTestServer;
beforeEach(async () => {
  server = await startOAuthServer();
});
afterEach(async () => {
  await server.close();
});

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

async function mcp(token: string): Promise<Response> {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify(listTools),
  });
}

/** Each way a token stops working, as `/mcp` answers it: the 401 challenge naming the metadata. */
describe('/mcp with a connector token that no longer works', () => {
  it.each([
    [
      'expired (the virtual clock passed its hour)',
      async (tokens: { access_token: string }) => {
        await advance(server, 3600);
        return tokens.access_token;
      },
    ],
    [
      'revoked (RFC 7009)',
      async (tokens: { access_token: string }, clientId: string) => {
        await postForm(server, '/oauth/revoke', { token: tokens.access_token, client_id: clientId });
        return tokens.access_token;
      },
    ],
    [
      'for another audience ({base_url} changed)',
      async (tokens: { access_token: string }) => {
        server.running.socialpub.services.urls.base = 'http://127.0.0.2:1';
        return tokens.access_token;
      },
    ],
    [
      'revoked with its family (a reused refresh token)',
      async (tokens: { access_token: string; refresh_token: string }, clientId: string) => {
        const form = {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: clientId,
        };
        await postForm(server, '/oauth/token', form);
        await postForm(server, '/oauth/token', form);
        return tokens.access_token;
      },
    ],
    [
      'of a deleted account',
      async (tokens: { access_token: string }) => {
        await adminJson(server, 'DELETE', `/accounts/${server.demoAccountId}`);
        return tokens.access_token;
      },
    ],
    ['a refresh token sent as the bearer', async (tokens: { refresh_token: string }) => tokens.refresh_token],
  ])('answers 401 invalid_token for a token %s', async (_name, spoil) => {
    const { clientId, tokens } = await connectApp(server);
    const working = await mcp(tokens.access_token);
    expect(working.status).toBe(200);
    const token = await spoil(tokens, clientId);
    const answer = await mcp(token);
    expect(answer.status).toBe(401);
    const challenge = answer.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('/.well-known/oauth-protected-resource/mcp');
  });
});
