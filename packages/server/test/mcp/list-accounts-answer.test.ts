import { LIMITS } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SharedConnectorServers } from '../../src/mcp/shared-connector-servers.js';
import { type McpTestServer, mcpTestServer, postMcpRaw } from '../helpers/mcp.js';
import { ADMIN_TOKEN, accountWithProfile } from '../helpers/test-app.js';

// A signed-in app's `tools/call service_list_accounts` without arguments is answered from the kept
// REST answer text (mcp/list-accounts-answer.ts): the same bytes the shared MCP server sends, and
// the same read limit.

let s: McpTestServer;
let token = '';
let apiKey = '';

beforeAll(async () => {
  s = await mcpTestServer();
  const fx = await accountWithProfile(s.t, { x: {}, linkedin: {} }, { plan: 'skilled', x_addon: true });
  token = s.tokens.issue(fx.accountId, ['socialpub:read']);
  apiKey = fx.apiKey;
});
afterAll(async () => {
  await s.close();
});

const post = (bearer: string, body: unknown) => postMcpRaw(s.url, bearer, body);

const listCall = (
  id: unknown,
  params: Record<string, unknown> = { name: 'service_list_accounts', arguments: {} },
) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params,
});

async function nextMinute(): Promise<void> {
  const res = await fetch(`${s.url}/admin/v1/clock`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: 60 }),
  });
  expect(res.status).toBe(200);
}

describe('service_list_accounts answered from the kept REST answer', { timeout: 60_000 }, () => {
  it('sends the bytes the shared MCP server sends, without reaching it', async () => {
    await nextMinute();
    const shared = vi.spyOn(SharedConnectorServers.prototype, 'answer');
    const fast = await post(token, listCall(41));
    const fastByString = await post(token, listCall('call-41'));
    expect(shared).not.toHaveBeenCalled();
    // An argument the tool's schema drops takes the shared server, which answers the same call.
    const slow = await post(token, listCall(41, { name: 'service_list_accounts', arguments: { x: 1 } }));
    expect(shared).toHaveBeenCalledTimes(1);
    shared.mockRestore();
    expect(fast.status).toBe(200);
    expect(fast.type).toBe('application/json');
    expect(fast.text).toBe(slow.text);
    expect(fastByString.text).toBe(fast.text.replace('"id":41}', '"id":"call-41"}'));
    const answer = JSON.parse(fast.text) as {
      result: { content: Array<{ text: string }>; structuredContent: unknown };
    };
    const rest = await fetch(`${s.url}/api/v2/accounts`, { headers: { authorization: `Bearer ${apiKey}` } });
    const restText = await rest.text();
    expect(answer.result.content[0]?.text).toBe(restText);
    expect(answer.result.structuredContent).toEqual(JSON.parse(restText));
  });

  it('counts toward the read limit, and its refusal is the shared server’s', async () => {
    await nextMinute();
    for (let i = 0; i < LIMITS.reads.perUtcMinute; i++) {
      const ok = await post(token, listCall(i));
      expect(JSON.parse(ok.text).result.isError).toBeUndefined();
    }
    const shared = vi.spyOn(SharedConnectorServers.prototype, 'answer');
    const refused = await post(token, listCall(99));
    expect(shared).toHaveBeenCalledTimes(1);
    shared.mockRestore();
    const refusedSlow = await post(
      token,
      listCall(99, { name: 'service_list_accounts', arguments: { x: 1 } }),
    );
    expect(refused.text).toBe(refusedSlow.text);
    const result = JSON.parse(refused.text).result as { isError: boolean; content: Array<{ text: string }> };
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0]?.text ?? '{}').error.code).toBe('rate_limited');
  });

  it('leaves an API key’s call to the shared server (its older tool set has no such tool)', async () => {
    await nextMinute();
    const shared = vi.spyOn(SharedConnectorServers.prototype, 'answer');
    const byKey = await post(apiKey, listCall(5));
    expect(shared).toHaveBeenCalledTimes(1);
    shared.mockRestore();
    expect(byKey.status).toBe(200);
    expect(JSON.parse(byKey.text).error.code).toBe(-32602);
  });
});
