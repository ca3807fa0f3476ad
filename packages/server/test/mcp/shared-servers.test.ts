import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedRequest } from '../../src/mcp/shared-connector-servers.js';
import { type McpTestServer, mcpTestServer, postMcpRaw } from '../helpers/mcp.js';
import { accountWithProfile } from '../helpers/test-app.js';

// The common requests (a single 2025-era tools/call, tools/list or ping) are answered by one shared
// MCP server per tool set (mcp/shared-connector-servers.ts); everything else by the SDK's own
// per-request serving. The two must answer alike: a batch of one message always takes the SDK's
// path, so each request is sent both ways and the answers compared.

let s: McpTestServer;
let readAndPost = '';
let readOnly = '';
let apiKey = '';

beforeAll(async () => {
  s = await mcpTestServer();
  const fx = await accountWithProfile(s.t, { x: {} }, { plan: 'skilled', x_addon: true });
  readAndPost = s.tokens.issue(fx.accountId, ['socialpub:post']);
  readOnly = s.tokens.issue(fx.accountId, ['socialpub:read']);
  apiKey = fx.apiKey;
});
afterAll(async () => {
  await s.close();
});

async function post(
  token: string,
  body: unknown,
): Promise<{ status: number; type: string | null; json: unknown }> {
  const { status, type, text } = await postMcpRaw(s.url, token, body);
  return { status, type, json: JSON.parse(text) };
}

/**
 * The request alone (shared path) and as a batch of one (the SDK's path; the SDK answers a batch
 * with one answer by that answer alone).
 */
async function bothWays(token: string, message: Record<string, unknown>) {
  return { alone: await post(token, message), batched: await post(token, [message]) };
}

describe('the shared connector servers answer as the SDK does', () => {
  const requests: Array<[string, Record<string, unknown>]> = [
    ['tools/list', { jsonrpc: '2.0', id: 7, method: 'tools/list' }],
    ['ping', { jsonrpc: '2.0', id: 'ping-1', method: 'ping' }],
    [
      'a read tool',
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'service_list_accounts', arguments: {} },
      },
    ],
    [
      'an unknown tool',
      {
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'service_no_such_tool', arguments: {} },
      },
    ],
    [
      'arguments that fail the schema',
      {
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'service_get_post', arguments: { id: 5 } },
      },
    ],
    [
      'a tool that refuses (a post of another account reads as not found)',
      {
        jsonrpc: '2.0',
        id: 6,
        method: 'tools/call',
        params: { name: 'service_get_post', arguments: { id: '00000000-0000-4000-8000-000000000000' } },
      },
    ],
  ];

  it.each(requests)(
    '%s, to a read-and-post grant, a read-only grant and an API key',
    async (_name, message) => {
      for (const token of [readAndPost, readOnly, apiKey]) {
        const { alone, batched } = await bothWays(token, message);
        expect(alone.status).toBe(200);
        expect(alone.type).toBe('application/json');
        expect(alone.json).toEqual(batched.json);
      }
    },
  );

  it('keeps callers apart when their requests use the same JSON-RPC id at the same time', async () => {
    const other = await accountWithProfile(s.t, { linkedin: {} }, { plan: 'skilled' });
    const otherToken = s.tokens.issue(other.accountId, ['socialpub:read']);
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'service_list_accounts', arguments: {} },
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 2 === 0 ? readAndPost : otherToken, call)),
    );
    answers.forEach((answer, i) => {
      const text = JSON.stringify(answer.json);
      expect((answer.json as { id: unknown }).id).toBe(1);
      expect(text).toContain(i % 2 === 0 ? '"x"' : '"linkedin"');
      expect(text).not.toContain(i % 2 === 0 ? '"linkedin"' : '"platform":"x"');
    });
  });
});

describe('which requests a shared server answers', () => {
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'service_list_accounts' } };
  const plain = {
    method: 'POST',
    accept: 'application/json, text/event-stream',
    contentType: 'application/json',
    protocolVersion: '2025-11-25',
    mcpMethod: undefined,
    mcpName: undefined,
  };

  it.each([
    ['tools/call', plain, call],
    ['tools/list', plain, { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
    ['ping', plain, { jsonrpc: '2.0', id: 3, method: 'ping' }],
    ['no protocol version header (the 2025-03-26 default)', { ...plain, protocolVersion: undefined }, call],
    ['a content type with a charset', { ...plain, contentType: 'application/json; charset=utf-8' }, call],
    [
      'a request with an ordinary _meta (asked of the SDK itself)',
      plain,
      { ...call, params: { ...call.params, _meta: { progressToken: 1 } } },
    ],
  ])('takes %s', (_name, headers, body) => {
    expect(sharedRequest(headers, body)).toBe(body);
  });

  it.each([
    ['initialize', plain, { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }],
    ['a notification', plain, { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['a batch', plain, [call]],
    ['another method', plain, { jsonrpc: '2.0', id: 4, method: 'resources/list' }],
    ['a GET', { ...plain, method: 'GET' }, call],
    ['an Accept without event streams', { ...plain, accept: 'application/json' }, call],
    ['a body that is not JSON by its type', { ...plain, contentType: 'text/plain' }, call],
    ['an unsupported protocol version', { ...plain, protocolVersion: '1999-01-01' }, call],
    ['the 2026-07-28 revision', { ...plain, protocolVersion: '2026-07-28' }, call],
    ['a malformed message', plain, { jsonrpc: '1.0', id: 5, method: 'tools/call' }],
    [
      'a 2026-07-28 claim in _meta',
      { ...plain, protocolVersion: undefined },
      { ...call, params: { ...call.params, _meta: { [PROTOCOL_VERSION_META_KEY]: '2026-07-28' } } },
    ],
  ])('leaves %s to the SDK', (_name, headers, body) => {
    expect(sharedRequest(headers, body)).toBeUndefined();
  });
});
