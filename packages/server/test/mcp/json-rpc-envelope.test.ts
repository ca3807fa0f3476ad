import { isJSONRPCRequest } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { isPlainJsonRpcRequest } from '../../src/mcp/json-rpc-envelope.js';

/**
 * The one-pass envelope check of the shared MCP servers' requests accepts only what the SDK's own
 * request schema accepts (so nothing the SDK would refuse skips its checks), and accepts the
 * requests AI apps send by the thousand.
 */
const accepted: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'service_list_accounts', arguments: {} } },
  { jsonrpc: '2.0', id: 'a-7', method: 'tools/list' },
  { jsonrpc: '2.0', id: 0, method: 'ping', params: {} },
];

const leftToTheSdk: unknown[] = [
  null,
  [],
  'ping',
  [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
  { jsonrpc: '1.0', id: 1, method: 'ping' },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 1.5, method: 'ping' },
  { jsonrpc: '2.0', id: null, method: 'ping' },
  { jsonrpc: '2.0', id: true, method: 'ping' },
  { jsonrpc: '2.0', id: 1, method: 7 },
  { jsonrpc: '2.0', id: 1, method: 'ping', params: [] },
  { jsonrpc: '2.0', id: 1, method: 'ping', params: null },
  { jsonrpc: '2.0', id: 1, method: 'ping', extra: true },
  { jsonrpc: '2.0', id: 1, result: {} },
  { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'x' } },
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 1 } } },
  JSON.parse('{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{}}'),
];

describe('one-pass JSON-RPC envelope check', () => {
  it.each(accepted.map((body) => [JSON.stringify(body), body]))('accepts %s, as the SDK does', (_, body) => {
    expect(isPlainJsonRpcRequest(body)).toBe(true);
    expect(isJSONRPCRequest(body)).toBe(true);
  });

  it.each(leftToTheSdk.map((body) => [JSON.stringify(body), body]))('leaves %s to the SDK', (_, body) => {
    expect(isPlainJsonRpcRequest(body)).toBe(false);
  });
});
