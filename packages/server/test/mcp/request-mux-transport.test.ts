import { type JSONRPCMessage, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { RequestMuxTransport } from '../../src/mcp/request-mux-transport.js';

/**
 * A shared MCP server's transport (mcp/request-mux-transport.ts) is an SDK `Transport` and nothing
 * more: every request reaches the server through `onmessage`, the SDK's public entry, under an id
 * of the transport's own with its caller's sign-in, and the answer comes back under the caller's id.
 */
const authInfo = { token: 'verified', clientId: 'c', scopes: [] };

function transportRecording() {
  const transport = new RequestMuxTransport();
  const handled: { message: JSONRPCMessage; token: string | undefined }[] = [];
  transport.onmessage = (message, extra) => {
    handled.push({ message, token: extra?.authInfo?.token });
    const id = 'id' in message ? message.id : undefined;
    if (typeof id === 'number') void transport.send({ jsonrpc: '2.0', id, result: { seen: handled.length } });
  };
  return { transport, handled };
}

describe('the shared server transport', () => {
  it('hands each request to onmessage under its own id, and answers under the caller’s', async () => {
    const { transport, handled } = transportRecording();
    const reply = await transport.request({ jsonrpc: '2.0', id: 'caller-7', method: 'ping' }, authInfo);
    expect(reply).toEqual({ jsonrpc: '2.0', id: 'caller-7', result: { seen: 1 } });
    expect(handled).toHaveLength(1);
    expect(typeof (handled[0]?.message as { id?: unknown } | undefined)?.id).toBe('number');
    expect(handled[0]?.token).toBe('verified');
  });

  it('keeps two callers with the same id apart', async () => {
    const { transport } = transportRecording();
    const [one, two] = await Promise.all([
      transport.request({ jsonrpc: '2.0', id: 1, method: 'ping' }, authInfo),
      transport.request(
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { progressToken: 1 } } },
        {
          ...authInfo,
          token: 'other',
        },
      ),
    ]);
    expect(one).toEqual({ jsonrpc: '2.0', id: 1, result: { seen: 1 } });
    expect(two).toEqual({ jsonrpc: '2.0', id: 1, result: { seen: 2 } });
  });

  it('serves a real McpServer connected to it the ordinary way', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    const transport = new RequestMuxTransport();
    await server.connect(transport);
    const reply = await transport.request({ jsonrpc: '2.0', id: 'p', method: 'ping' }, authInfo);
    expect(reply).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
    await server.close();
  });
});
