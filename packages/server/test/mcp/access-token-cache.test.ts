import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectApp,
  type OAuthTestServer,
  postForm,
  startOAuthServer,
  verify,
} from '../oauth/oauth-helpers.js';

/**
 * A connector access token and its grant are read from the database once and kept, as API keys
 * are; every change to a token or a grant (revocation, a reused refresh token, narrowed scopes,
 * disconnection, the account's deletion) applies from the very next call.
 */
let server: OAuthTestServer;
beforeEach(async () => {
  server = await startOAuthServer();
});
afterEach(async () => {
  await server.close();
});

const services = () => server.running.socialpub.services;

function readsOf(table: 'oauth_tokens' | 'oauth_grants') {
  const prepare = vi.spyOn(services().db, 'prepare');
  return {
    count: () => prepare.mock.calls.filter(([sql]) => sql.startsWith(`SELECT * FROM ${table} WHERE`)).length,
    stop: () => prepare.mockRestore(),
  };
}

describe('verified connector tokens kept in memory', { timeout: 60_000 }, () => {
  it('reads a token and its grant once for many calls', async () => {
    const { tokens } = await connectApp(server);
    // The first use records the grant's last use (a write, so the grant is read once more after it).
    expect(verify(server, tokens.access_token)).not.toBeNull();
    expect(verify(server, tokens.access_token)).not.toBeNull();
    const tokenReads = readsOf('oauth_tokens');
    const grantReads = readsOf('oauth_grants');
    for (let i = 0; i < 5; i++) expect(verify(server, tokens.access_token)?.kind).toBe('grant');
    expect(tokenReads.count()).toBe(0);
    expect(grantReads.count()).toBe(0);
    tokenReads.stop();
    grantReads.stop();
  });

  it('refuses a kept token at once after it is revoked', async () => {
    const { clientId, tokens } = await connectApp(server);
    expect(verify(server, tokens.access_token)).not.toBeNull();
    const answer = await postForm(server, '/oauth/revoke', {
      token: tokens.access_token,
      client_id: clientId,
    });
    expect(answer.status).toBe(200);
    expect(verify(server, tokens.access_token)).toBeNull();
  });

  it('applies narrowed scopes and a disconnection of a kept grant at once', async () => {
    const { tokens } = await connectApp(server);
    const caller = verify(server, tokens.access_token);
    expect(caller?.scopes).toEqual(['socialpub:read', 'socialpub:post']);
    const { oauthGrants, oauthTokens } = services().repos;
    oauthGrants.setScopes(caller?.grantId ?? '', ['socialpub:read']);
    expect(verify(server, tokens.access_token)?.scopes).toEqual(['socialpub:read']);
    const at = services().clock.now().toISOString();
    oauthGrants.revoke(caller?.grantId ?? '', at);
    oauthTokens.revokeGrant(caller?.grantId ?? '', at);
    expect(verify(server, tokens.access_token)).toBeNull();
  });

  it('refuses a kept token once its account is deleted', async () => {
    const { tokens } = await connectApp(server);
    expect(verify(server, tokens.access_token)).not.toBeNull();
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(res.status).toBe(200);
    expect(await services().accountDeletion.delete(server.demoAccountId)).toBe(true);
    expect(verify(server, tokens.access_token)).toBeNull();
  });
});
