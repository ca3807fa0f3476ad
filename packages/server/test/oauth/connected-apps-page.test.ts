import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consentThroughForms, FormBrowser } from '../../../../test/helpers/form-browser.js';
import {
  advance,
  authorizationUrl,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  type OAuthTestServer,
  pkcePair,
  postForm,
  REDIRECT_URI,
  register,
  startOAuthServer,
  type Tokens,
  verify,
} from './oauth-helpers.js';

let server: OAuthTestServer;
beforeEach(async () => {
  server = await startOAuthServer();
});
afterEach(async () => {
  await server.close();
});

/** Connects an app through the real pages; answers its tokens and a signed-in browser. */
async function connectThroughPages(name: string, permission: 'read' | 'post') {
  const clientId = (await register(server, { redirect_uris: [REDIRECT_URI], client_name: name })).body
    .client_id as string;
  const pkce = pkcePair();
  const browser = new FormBrowser(server.url);
  const back = await consentThroughForms(
    authorizationUrl(server, clientId, pkce.challenge),
    { email: DEMO_EMAIL, password: DEMO_PASSWORD, permission },
    browser,
  );
  const answer = await postForm(server, '/oauth/token', {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code') ?? '',
    code_verifier: pkce.verifier,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
  });
  return { clientId, tokens: answer.body as unknown as Tokens, browser };
}

async function scheduleDemoPost(): Promise<string> {
  const services = server.running.socialpub.services;
  const apiKey = server.running.socialpub.demo?.apiKey ?? '';
  const accounts = (await (
    await fetch(`${server.url}/api/v2/accounts`, { headers: { authorization: `Bearer ${apiKey}` } })
  ).json()) as {
    data: Array<{ profile_id: string }>;
  };
  const due = new Date(services.clock.now().getTime() + 3600_000).toISOString();
  const response = await fetch(`${server.url}/api/v2/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      post: {
        accountId: accounts.data[0]?.profile_id,
        platform: 'x',
        content: { text: 'later' },
        scheduledFor: due,
      },
    }),
  });
  const body = (await response.json()) as { service?: { scheduled_post_id: string } };
  if (!body.service) throw new Error(`schedule answered ${response.status}: ${JSON.stringify(body)}`);
  return body.service.scheduled_post_id;
}

/** As the connector's backend records a post an app scheduled (the e2e tests go through the tool). */
function recordScheduledByGrant(scheduledPostId: string, grantId: string): void {
  const services = server.running.socialpub.services;
  services.repos.connectorRequests.record({
    id: scheduledPostId,
    kind: 'scheduled_post',
    accountId: server.demoAccountId,
    grantId,
    apiKeyId: null,
    request: {},
    createdAt: services.clock.now().toISOString(),
  });
}

async function scheduledStatus(id: string): Promise<string> {
  const apiKey = server.running.socialpub.demo?.apiKey ?? '';
  const response = await fetch(`${server.url}/api/v2/posts/${id}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return ((await response.json()) as { status: string }).status;
}

describe('Connected apps page', () => {
  it('lists each app with its permission, when it connected and when it was last used', async () => {
    const reader = await connectThroughPages('Reader app', 'read');
    const poster = await connectThroughPages('Poster app', 'post');
    await advance(server, 120);
    verify(server, poster.tokens.access_token);
    const page = await reader.browser.get('/dashboard/connected-apps');
    expect(page.status).toBe(200);
    const html = reader.browser.lastPage;
    expect(html).toContain('href="/dashboard/connected-apps"');
    expect(html).toMatch(
      /Reader app<\/h2><dl class="figures"><dt>Permission<\/dt><dd>Read-only<\/dd><dt>Connected<\/dt><dd><time datetime="[^"]+" title="[^"]+ UTC">[^<]+UTC<\/time><\/dd><dt>Last used<\/dt><dd>Never<\/dd>/,
    );
    expect(html).toMatch(
      /Poster app<\/h2><dl class="figures"><dt>Permission<\/dt><dd>Read and post<\/dd><dt>Connected<\/dt><dd><time datetime="[^"]+" title="[^"]+ UTC">[^<]+UTC<\/time><\/dd><dt>Last used<\/dt><dd><time datetime="[^"]+" title="[^"]+ UTC">[^<]+UTC<\/time><\/dd>/,
    );
    expect(html.match(/>Disconnect<\/button>/g)).toHaveLength(2);
    expect(html.match(/also cancel the posts it scheduled/g)).toHaveLength(2);
  });

  it('no longer lists a sign-in whose tokens were all revoked (refresh reuse) or whose refresh token expired', async () => {
    const reused = await connectThroughPages('Reused app', 'post');
    await connectThroughPages('Expiring app', 'read');
    const kept = await connectThroughPages('Kept app', 'read');
    const refresh = (app: typeof reused) =>
      postForm(server, '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: app.tokens.refresh_token,
        client_id: app.clientId,
      });
    expect((await refresh(reused)).status).toBe(200);
    // The same refresh token again: reuse detected, every token of that sign-in revoked.
    expect((await refresh(reused)).status).toBe(400);
    const listed = async () => {
      // A fresh sign-in each time: a month on the clock also ends dashboard sessions.
      const browser = new FormBrowser(server.url);
      await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD);
      const page = await browser.get('/dashboard/connected-apps');
      expect(page.status).toBe(200);
      return browser.lastPage;
    };
    expect(await listed()).not.toContain('Reused app');
    expect(await listed()).toContain('Expiring app');

    // 30 days on the virtual clock: refresh tokens expire; one refreshed the day before stays.
    await advance(server, 29 * 24 * 3600);
    const renewed = await refresh(kept);
    expect(renewed.status).toBe(200);
    await advance(server, 2 * 24 * 3600);
    const later = await listed();
    expect(later).not.toContain('Expiring app');
    expect(later).toContain('Kept app');
  }, 60_000);

  it('Disconnect stops the app at once: access and refresh tokens are refused; its scheduled posts stay', async () => {
    const { clientId, tokens, browser } = await connectThroughPages('Poster app', 'post');
    const caller = verify(server, tokens.access_token);
    const postId = await scheduleDemoPost();
    recordScheduledByGrant(postId, caller?.grantId ?? '');
    await browser.get('/dashboard/connected-apps');
    const answer = await browser.follow(
      await browser.post('/dashboard/connected-apps/disconnect', { grant_id: caller?.grantId ?? '' }),
    );
    expect(answer.status).toBe(200);
    expect(browser.lastPage).toMatch(/Poster app was disconnected/);
    expect(browser.lastPage).toContain('No app is connected.');
    expect(verify(server, tokens.access_token)).toBeNull();
    const refreshed = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
    expect(await scheduledStatus(postId)).toBe('scheduled');
  });

  it('also cancels the posts the app scheduled when ticked, and only those', async () => {
    const { tokens, browser } = await connectThroughPages('Poster app', 'post');
    const grantId = verify(server, tokens.access_token)?.grantId ?? '';
    const appPost = await scheduleDemoPost();
    recordScheduledByGrant(appPost, grantId);
    const ownPost = await scheduleDemoPost();
    await browser.get('/dashboard/connected-apps');
    await browser.follow(
      await browser.post('/dashboard/connected-apps/disconnect', { grant_id: grantId, cancel_posts: 'on' }),
    );
    expect(browser.lastPage).toMatch(/1 scheduled post was cancelled/);
    expect(await scheduledStatus(appPost)).toBe('cancelled');
    expect(await scheduledStatus(ownPost)).toBe('scheduled');
  });

  it('refuses a Disconnect without the CSRF token; the app keeps working', async () => {
    const { tokens, browser } = await connectThroughPages('Poster app', 'post');
    const grantId = verify(server, tokens.access_token)?.grantId ?? '';
    const answer = await browser.post('/dashboard/connected-apps/disconnect', { grant_id: grantId }, false);
    expect(answer.status).toBe(403);
    expect(verify(server, tokens.access_token)).not.toBeNull();
  });

  it("answers 404 for another account's app and changes nothing", async () => {
    const { tokens } = await connectThroughPages('Poster app', 'post');
    const grantId = verify(server, tokens.access_token)?.grantId ?? '';
    await fetch(`${server.url}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: 'Bearer oauth-test-admin-token', 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'skilled', email: 'other@example.com', password: 'other-password-1' }),
    });
    const other = new FormBrowser(server.url);
    await other.follow(await other.get('/dashboard/connected-apps'));
    await other.signIn('other@example.com', 'other-password-1');
    expect(other.lastPage).toContain('No app is connected.');
    const answer = await other.post('/dashboard/connected-apps/disconnect', { grant_id: grantId });
    expect(answer.status).toBe(404);
    expect(verify(server, tokens.access_token)).not.toBeNull();
  });
});
