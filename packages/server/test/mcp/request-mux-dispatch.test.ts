import { type JSONRPCMessage, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { RequestMuxTransport } from '../../src/mcp/request-mux-transport.js';
import { protocolRequestDispatch } from '../../src/mcp/shared-connector-servers.js';

/**
 * A shared MCP server's transport hands a request whose envelope passed the one-pass check straight
 * to the protocol's request entry; anything else still goes through the protocol's message handler,
 * with its schema checks. Either way the answer comes back under the caller's own id.
 */
const authInfo = { token: 'verified', clientId: 'c', scopes: [] };

function transportRecording() {
  const transport = new RequestMuxTransport();
  const direct: JSONRPCMessage[] = [];
  const handled: JSONRPCMessage[] = [];
  const answer = (message: JSONRPCMessage) => {
    const id = 'id' in message ? message.id : undefined;
    if (typeof id === 'number') void transport.send({ jsonrpc: '2.0', id, result: {} });
  };
  transport.onmessage = (message) => {
    handled.push(message);
    answer(message);
  };
  transport.dispatchRequest = (message) => {
    direct.push(message);
    answer(message);
  };
  return { transport, direct, handled };
}

describe('shared server transport dispatch', () => {
  it('sends a plain request to the protocol directly, under its own id, and answers under the caller’s', async () => {
    const { transport, direct, handled } = transportRecording();
    const reply = await transport.request({ jsonrpc: '2.0', id: 'caller-7', method: 'ping' }, authInfo);
    expect(reply).toEqual({ jsonrpc: '2.0', id: 'caller-7', result: {} });
    expect(direct).toHaveLength(1);
    expect(typeof (direct[0] as { id: unknown }).id).toBe('number');
    expect(handled).toHaveLength(0);
  });

  it('leaves a request with _meta to the message handler and its schema checks', async () => {
    const { transport, direct, handled } = transportRecording();
    const reply = await transport.request(
      { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: { progressToken: 1 } } },
      authInfo,
    );
    expect(reply).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    expect(direct).toHaveLength(0);
    expect(handled).toHaveLength(1);
  });
});

describe('the protocol’s request entry', () => {
  it('exists in this SDK and answers a ping handed to it through the transport', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    const transport = new RequestMuxTransport();
    await server.connect(transport);
    const dispatch = protocolRequestDispatch(server);
    expect(dispatch).toBeTypeOf('function');
    transport.dispatchRequest = dispatch;
    const reply = await transport.request({ jsonrpc: '2.0', id: 'p', method: 'ping' }, authInfo);
    expect(reply).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
    await server.close();
  });
});
