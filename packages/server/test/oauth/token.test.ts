import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adminJson,
  advance,
  codeFor,
  connectApp,
  type OAuthTestServer,
  pkcePair,
  postForm,
  REDIRECT_URI,
  register,
  startOAuthServer,
  verify,
} from './oauth-helpers.js';

let server: OAuthTestServer;
beforeEach(async () => {
  server = await startOAuthServer();
});
afterEach(async () => {
  await server.close();
});

async function freshCode(scopes: Array<'socialpub:read' | 'socialpub:post'> = ['socialpub:read']) {
  const clientId = (await register(server)).body.client_id as string;
  const pkce = pkcePair();
  const code = await codeFor(server, clientId, scopes, pkce.challenge);
  const form = {
    grant_type: 'authorization_code',
    code,
    code_verifier: pkce.verifier,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    resource: `${server.url}/mcp`,
  };
  return { clientId, pkce, code, form };
}

describe('token endpoint: authorization_code', () => {
  it('issues a bearer access token and a refresh token that the verifier accepts', async () => {
    const { form } = await freshCode(['socialpub:read']);
    const answer = await postForm(server, '/oauth/token', form);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'socialpub:read' });
    const caller = verify(server, answer.body.access_token as string);
    expect(caller).toMatchObject({
      kind: 'grant',
      accountId: server.demoAccountId,
      scopes: ['socialpub:read'],
    });
  });

  it('refuses a reused code with invalid_grant and revokes the tokens issued from it', async () => {
    const { form } = await freshCode();
    const first = await postForm(server, '/oauth/token', form);
    expect(verify(server, first.body.access_token as string)).not.toBeNull();
    const second = await postForm(server, '/oauth/token', form);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect(second.body.error_description).toMatch(/already used/);
    expect(verify(server, first.body.access_token as string)).toBeNull();
    const refreshed = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
      client_id: form.client_id,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it.each([
    ['a wrong PKCE verifier', { code_verifier: pkcePair().verifier }, 400, 'invalid_grant', /code_verifier/],
    ['a malformed verifier', { code_verifier: 'short' }, 400, 'invalid_grant', /code_verifier/],
    [
      'another redirect URI',
      { redirect_uri: 'http://127.0.0.1:9999/other' },
      400,
      'invalid_grant',
      /redirect_uri/,
    ],
    ['another audience', { resource: 'https://elsewhere.example/mcp' }, 400, 'invalid_target', /resource/],
    ['an unknown code', { code: 'spc_nope' }, 400, 'invalid_grant', /unknown/],
    ['no verifier', { code_verifier: '' }, 400, 'invalid_request', /code_verifier is missing/],
    ['an unknown client', { client_id: 'not-a-client' }, 401, 'invalid_client', /not registered/],
    [
      'an unsupported grant type',
      { grant_type: 'password' },
      400,
      'unsupported_grant_type',
      /authorization_code/,
    ],
  ])('refuses %s and the code stays usable', async (_name, change, status, error, message) => {
    const { form } = await freshCode();
    const answer = await postForm(server, '/oauth/token', { ...form, ...change });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(error);
    expect(answer.body.error_description).toMatch(message);
    // Nothing changed: the right request still works once.
    expect((await postForm(server, '/oauth/token', form)).status).toBe(200);
  });

  it('refuses a code of another client', async () => {
    const { form } = await freshCode();
    const other = (await register(server)).body.client_id as string;
    const answer = await postForm(server, '/oauth/token', { ...form, client_id: other });
    expect(answer.body.error).toBe('invalid_grant');
    expect((await postForm(server, '/oauth/token', form)).status).toBe(200);
  });

  it('refuses a code after its ten minutes on the virtual clock', async () => {
    const { form } = await freshCode();
    await advance(server, 601);
    const answer = await postForm(server, '/oauth/token', form);
    expect(answer.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/expired/),
    });
  });

  it.each([
    ['a JSON body', { 'content-type': 'application/json' }, 'invalid_request', 400],
    ['HTTP Basic client authentication', { authorization: 'Basic YTpi' }, 'invalid_client', 401],
  ])('refuses %s', async (_name, headers, error, status) => {
    const { form } = await freshCode();
    const response = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toBe(error);
  });

  it('refuses a parameter sent twice', async () => {
    const { form } = await freshCode();
    const body = `${new URLSearchParams(form).toString()}&code=${form.code}`;
    const response = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('token endpoint: refresh_token', () => {
  it('rotates: the new pair works, the old refresh token is single-use', async () => {
    const { clientId, tokens } = await connectApp(server);
    const refreshed = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(verify(server, refreshed.body.access_token as string)).not.toBeNull();
  });

  it('a reused refresh token revokes the whole family, new tokens included', async () => {
    const { clientId, tokens } = await connectApp(server);
    const form = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId };
    const rotated = await postForm(server, '/oauth/token', form);
    const reuse = await postForm(server, '/oauth/token', form);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ error: 'invalid_grant' });
    expect(reuse.body.error_description).toMatch(/already used/);
    expect(verify(server, rotated.body.access_token as string)).toBeNull();
    expect(verify(server, tokens.access_token)).toBeNull();
    const next = await postForm(server, '/oauth/token', {
      ...form,
      refresh_token: rotated.body.refresh_token as string,
    });
    expect(next.body.error).toBe('invalid_grant');
  });

  it('access tokens expire after an hour on the virtual clock; refreshing gives a working one', async () => {
    const { clientId, tokens } = await connectApp(server);
    await advance(server, 3599);
    expect(verify(server, tokens.access_token)).not.toBeNull();
    await advance(server, 1);
    expect(verify(server, tokens.access_token)).toBeNull();
    const refreshed = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(verify(server, refreshed.body.access_token as string)).not.toBeNull();
  });

  it('refresh tokens expire after 30 days', async () => {
    const { clientId, tokens } = await connectApp(server);
    await advance(server, 30 * 24 * 3600);
    const answer = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(answer.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/expired/),
    });
  });

  it('narrows the scope on request and refuses to widen it', async () => {
    const { clientId, tokens } = await connectApp(server, ['socialpub:read']);
    const widen = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      scope: 'socialpub:post',
    });
    expect(widen.body.error).toBe('invalid_scope');
    const same = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(same.status).toBe(200);
  });

  it('keeps a refreshing family small: expired tokens are dropped, reuse is still recognised', async () => {
    const { clientId, tokens } = await connectApp(server);
    const services = server.running.socialpub.services;
    const family = () =>
      (services.db.prepare('SELECT count(*) AS n FROM oauth_tokens').get() as { n: number }).n;
    let current = tokens;
    for (let hour = 0; hour < 5; hour++) {
      await advance(server, 3600);
      const answer = await postForm(server, '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: current.refresh_token,
        client_id: clientId,
      });
      current = answer.body as unknown as typeof tokens;
    }
    // Each hour's access token expired and was dropped; the used refresh tokens stay for reuse detection.
    expect(family()).toBe(1 + 6);
    const reuse = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(reuse.body.error_description).toMatch(/already used/);
    expect(verify(server, current.access_token)).toBeNull();
  });

  it('refuses an access token sent as a refresh token', async () => {
    const { clientId, tokens } = await connectApp(server);
    const answer = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.access_token,
      client_id: clientId,
    });
    expect(answer.body.error).toBe('invalid_grant');
  });
});

describe('access-token verifier', () => {
  it("reads expiry on the account's test clock: only moving that clock expires the token", async () => {
    const start = server.running.socialpub.services.clock.now().toISOString();
    const clock = await adminJson<{ clock_id: string }>(server, 'POST', '/clocks', {
      now: start,
      name: 'oauth',
    });
    const account = await adminJson<{ account_id: string }>(server, 'POST', '/accounts', {
      plan: 'skilled',
      clock_id: clock.clock_id,
    });
    const clientId = (await register(server)).body.client_id as string;
    const pkce = pkcePair();
    const code = await codeFor(server, clientId, ['socialpub:read'], pkce.challenge, account.account_id);
    const answer = await postForm(server, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce.verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
    });
    const token = answer.body.access_token as string;
    await advance(server, 7200);
    expect(verify(server, token)).toMatchObject({ accountId: account.account_id });
    await adminJson(server, 'POST', `/clocks/${clock.clock_id}`, { advance_seconds: 3600 });
    expect(verify(server, token)).toBeNull();
  });

  it('refuses a token for another audience ({base_url} moved)', async () => {
    const { tokens } = await connectApp(server);
    const services = server.running.socialpub.services;
    const base = services.urls.base;
    services.urls.base = 'https://other.example';
    expect(verify(server, tokens.access_token)).toBeNull();
    services.urls.base = base;
    expect(verify(server, tokens.access_token)).not.toBeNull();
  });

  it('consenting again to the same app replaces its permission: a narrower choice applies at once', async () => {
    const { clientId, tokens } = await connectApp(server, ['socialpub:read', 'socialpub:post']);
    expect(verify(server, tokens.access_token)?.scopes).toEqual(['socialpub:read', 'socialpub:post']);
    await codeFor(server, clientId, ['socialpub:read'], pkcePair().challenge);
    expect(verify(server, tokens.access_token)?.scopes).toEqual(['socialpub:read']);
    const grants = server.running.socialpub.services.repos.oauthGrants.listActive(server.demoAccountId);
    expect(grants).toHaveLength(1);
  });

  it('refuses unknown strings and API keys', () => {
    expect(verify(server, 'spat_unknown')).toBeNull();
    expect(verify(server, server.running.socialpub.demo?.apiKey ?? '')).toBeNull();
  });

  it('records the last use of the grant', async () => {
    const { tokens } = await connectApp(server);
    const services = server.running.socialpub.services;
    const caller = verify(server, tokens.access_token);
    const grant = services.repos.oauthGrants.get(caller?.grantId ?? '');
    expect(grant?.lastUsedAt).toBe(services.clock.now().toISOString());
  });
});

describe('revocation (RFC 7009)', () => {
  it('revoking a refresh token ends its family; unknown tokens answer 200', async () => {
    const { clientId, tokens } = await connectApp(server);
    const unknown = await postForm(server, '/oauth/revoke', { token: 'nothing', client_id: clientId });
    expect(unknown.status).toBe(200);
    expect(verify(server, tokens.access_token)).not.toBeNull();
    const answer = await postForm(server, '/oauth/revoke', {
      token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(answer.status).toBe(200);
    expect(verify(server, tokens.access_token)).toBeNull();
  });

  it('revoking an access token ends only that token', async () => {
    const { clientId, tokens } = await connectApp(server);
    await postForm(server, '/oauth/revoke', { token: tokens.access_token, client_id: clientId });
    expect(verify(server, tokens.access_token)).toBeNull();
    const refreshed = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.status).toBe(200);
  });

  it("does not revoke another client's token", async () => {
    const { tokens } = await connectApp(server);
    const other = (await register(server)).body.client_id as string;
    await postForm(server, '/oauth/revoke', { token: tokens.access_token, client_id: other });
    expect(verify(server, tokens.access_token)).not.toBeNull();
  });
});
