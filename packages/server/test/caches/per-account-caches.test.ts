import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postMcpRaw } from '../helpers/mcp.js';
import {
  adminJson,
  advance,
  connectApp,
  type OAuthTestServer,
  startOAuthServer,
} from '../oauth/oauth-helpers.js';

/**
 * Deleting an account, or a test clock with its accounts, drops everything the server kept in
 * memory for them: the row caches, the callers and their facts, the limit answers, the kept
 * GET /accounts answers, the read counts and keys' last use, the apps' tokens and grants, and the
 * clock's own entries. Read through the inspection hook every holder reports to
 * (`repos.caches.sizes()`), not through timing.
 */
let server: OAuthTestServer;
beforeEach(async () => {
  server = await startOAuthServer();
});
afterEach(async () => {
  await server.close();
});

interface Made {
  accountId: string;
  apiKey: string;
  profileId: string;
  accessToken: string;
}

const sizes = () => server.running.socialpub.services.repos.caches.sizes();

async function api(method: string, path: string, key: string, body?: unknown): Promise<number> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** An account (on `clockId` when given) with a key, a connected profile and a connected app. */
async function account(clockId?: string): Promise<Made> {
  const { account_id: accountId } = await adminJson<{ account_id: string }>(
    server,
    'POST',
    '/accounts',
    clockId ? { clock_id: clockId } : {},
  );
  const { api_key: apiKey } = await adminJson<{ api_key: string }>(
    server,
    'POST',
    `/accounts/${accountId}/keys`,
    {
      name: 'ci',
    },
  );
  const { profile_id: profileId } = await adminJson<{ profile_id: string }>(
    server,
    'POST',
    `/accounts/${accountId}/profiles`,
    { name: 'Kept' },
  );
  await adminJson(server, 'PUT', `/profiles/${profileId}/networks/linkedin`, {});
  const { tokens } = await connectApp(server, ['socialpub:read', 'socialpub:post'], accountId);
  return { accountId, apiKey, profileId, accessToken: tokens.access_token };
}

/** What a CI pipeline and an AI app do with an account: every cache that keeps it is filled. */
async function use(made: Made, turn: number): Promise<void> {
  const post = { accountId: made.profileId, platform: 'linkedin', content: { text: `kept ${turn}` } };
  expect(await api('GET', '/api/v2/accounts', made.apiKey)).toBe(200);
  expect(await api('POST', '/api/v2/posts', made.apiKey, { post, dryRun: true })).toBe(200);
  expect(await api('POST', '/api/v2/posts', made.apiKey, { post })).toBe(200);
  expect(await api('GET', '/api/v2/posts', made.apiKey)).toBe(200);
  const listed = await postMcpRaw(server.url, made.accessToken, {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'service_list_accounts', arguments: {} },
  });
  expect(listed.status).toBe(200);
}

describe('what memory keeps for an account goes with it', () => {
  it('drops every entry of deleted accounts and of a deleted test clock, and keeps the others', async () => {
    // One account that stays, used before and after.
    const survivor = await account();
    await use(survivor, 0);
    // An app's grant records its last use once a minute, dropping its kept row: a minute between
    // the survivor's uses makes each of them leave its caches alike.
    await advance(server, 61);
    await use(survivor, 1);
    const baseline = sizes();

    const { clock_id: clockId } = await adminJson<{ clock_id: string }>(server, 'POST', '/clocks', {
      now: '2030-01-01T09:00:00.000Z',
    });
    const onClock = [await account(clockId), await account(clockId)];
    const onServer = [await account(), await account()];
    for (const [i, made] of [...onClock, ...onServer].entries()) await use(made, i + 2);
    const busy = sizes();
    for (const holder of [
      'accounts.byId',
      'apiKeyCallers',
      'apiKeyLastUsed',
      'profiles.byId',
      'connections.byProfile',
      'oauthTokens.byHash',
      'postCounts.accounts',
      'accountsAnswers',
      'readCounters',
      'testClocks',
    ]) {
      expect(busy[holder], holder).toBeGreaterThan(baseline[holder] ?? 0);
    }

    for (const made of onServer) await adminJson(server, 'DELETE', `/accounts/${made.accountId}`);
    await adminJson(server, 'DELETE', `/clocks/${clockId}`);
    // The survivor's own entries are what a write elsewhere may have made stale; it reads them again.
    await advance(server, 61);
    await use(survivor, 9);
    const { requestLog: logAfter, ...after } = sizes();
    const { requestLog: _logBefore, ...before } = baseline;
    expect(after).toEqual(before);
    // The request log is a ring of the latest requests of everyone: none of the deleted is left.
    const log = server.running.socialpub.services.repos.requestLog;
    for (const made of [...onClock, ...onServer]) {
      expect(log.list({ accountId: made.accountId, limit: 10 })).toEqual([]);
    }
    expect(logAfter).toBeGreaterThan(0);
  }, 60_000);
});
