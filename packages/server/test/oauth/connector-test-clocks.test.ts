import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resumeSession, startSession } from '../../src/dashboard/session/sessions.js';
import {
  adminJson,
  codeFor,
  type OAuthTestServer,
  pkcePair,
  postForm,
  REDIRECT_URI,
  register,
  startOAuthServer,
  verify,
} from './oauth-helpers.js';

/**
 * Issue 14, isolation of sessions and connector tokens: advancing account A's test clock expires
 * A's and leaves B's (another test clock) and C's (the server's clock) working.
 */
let server: OAuthTestServer;
beforeEach(async () => {
  server = await startOAuthServer();
});
afterEach(() => server.close());

/** A on clock one, B on clock two (both at the server's time), C on the server's clock. */
async function threeAccounts(): Promise<{ clock1: string; ids: string[] }> {
  const { now } = await adminJson<{ now: string }>(server, 'GET', '/clock');
  const clocks: string[] = [];
  for (const name of ['one', 'two']) {
    clocks.push((await adminJson<{ clock_id: string }>(server, 'POST', '/clocks', { now, name })).clock_id);
  }
  const ids: string[] = [];
  for (const clockId of [clocks[0], clocks[1], null]) {
    const created = await adminJson<{ account_id: string }>(server, 'POST', '/accounts', {
      plan: 'skilled',
      clock_id: clockId,
    });
    expect(created.account_id).toEqual(expect.any(String));
    ids.push(created.account_id);
  }
  return { clock1: clocks[0] as string, ids };
}

async function advanceClock(clockId: string, seconds: number): Promise<void> {
  const moved = await adminJson<{ now?: string }>(server, 'POST', `/clocks/${clockId}`, {
    advance_seconds: seconds,
  });
  expect(moved.now).toEqual(expect.any(String));
}

async function connectorToken(accountId: string): Promise<string> {
  const clientId = (await register(server)).body.client_id as string;
  const { verifier, challenge } = pkcePair();
  const code = await codeFor(server, clientId, ['socialpub:read'], challenge, accountId);
  const answer = await postForm(server, '/oauth/token', {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    resource: `${server.url}/mcp`,
  });
  expect(answer.status).toBe(200);
  return answer.body['access_token'] as string;
}

describe('advancing one clock expires only its accounts’ sessions and connector tokens', () => {
  it('connector access tokens (one hour) expire only on the advanced clock', async () => {
    const { clock1, ids } = await threeAccounts();
    const tokens = [];
    for (const id of ids) tokens.push(await connectorToken(id));
    for (const token of tokens) expect(verify(server, token)).not.toBeNull();
    await advanceClock(clock1, 3_601);
    expect(tokens.map((token) => verify(server, token) !== null)).toEqual([false, true, true]);
  });

  it('dashboard sessions (24 hours idle) expire only on the advanced clock', async () => {
    const { clock1, ids } = await threeAccounts();
    const { repos, clocks } = server.running.socialpub.services;
    const sessions = ids.map((id) => startSession(repos, clocks, id).id);
    for (const id of sessions) expect(resumeSession(repos, clocks, id)).not.toBeNull();
    await advanceClock(clock1, 86_400 + 60);
    expect(sessions.map((id) => resumeSession(repos, clocks, id) !== null)).toEqual([false, true, true]);
  });
});
