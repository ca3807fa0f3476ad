import {
  classifyInboundRequest,
  isJSONRPCRequest,
  isJsonContentType,
  type JSONRPCRequest,
  type McpServer,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import { createConnectorServer, type ToolSet } from '@socialpub/mcp';
import { jsonAnswerWithNoSniff } from '../http/security-headers.js';
import { type ConnectorAuthInfo, connectorSignIn } from './connector-auth-info.js';
import type { ConnectorCaller } from './connector-caller.js';
import type { ConnectorContext } from './connector-context.js';
import { DomainConnectorBackend } from './domain-backend.js';
import { isPlainJsonRpcRequest } from './json-rpc-envelope.js';
import { RequestMuxTransport } from './request-mux-transport.js';

/** The methods an AI app sends by the thousand; anything else keeps the SDK's own path. */
const SHARED_METHODS = new Set(['tools/call', 'tools/list', 'ping']);

/** The headers of a request that `sharedRequest` reads (as the SDK's transport reads them). */
export interface McpRequestHeaders {
  method: string;
  accept: string | undefined;
  contentType: string | undefined;
  protocolVersion: string | undefined;
  mcpMethod: string | undefined;
  mcpName: string | undefined;
}

/**
 * The request a shared server may answer: a single 2025-era JSON-RPC request (tools/call,
 * tools/list or ping) whose headers the SDK's transport would take as they are (it accepts JSON and
 * event streams, sends JSON, names no protocol version or a supported one). Everything else —
 * initialize, notifications, batches, the 2026-07-28 revision and every request the transport
 * would refuse — goes the SDK's own way, which answers it exactly as before.
 */
export function sharedRequest(headers: McpRequestHeaders, body: unknown): JSONRPCRequest | undefined {
  if (headers.method !== 'POST') return undefined;
  // The SDK's schema check only for what the one-pass check leaves to it (a request with `_meta`).
  if (!isPlainJsonRpcRequest(body) && !isJSONRPCRequest(body)) return undefined;
  if (!SHARED_METHODS.has(body.method)) return undefined;
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (!isJsonContentType(headers.contentType)) return undefined;
  if (
    headers.protocolVersion !== undefined &&
    !SUPPORTED_PROTOCOL_VERSIONS.includes(headers.protocolVersion)
  ) {
    return undefined;
  }
  return isLegacyEra(headers, body) ? body : undefined;
}

/** The SDK's era of a request with no `_meta` and no response keys, by method and version header. */
const eraWithoutEnvelope = new Map<string, boolean>();

/**
 * The SDK decides the era (`classifyInboundRequest`). A request names the 2026-07-28 revision by a
 * claim in `params._meta` or by its version header; without `_meta` (and without the `result` or
 * `error` keys of an answer) the SDK's answer depends only on the method and that header, so it is
 * asked once per pair: its checks try the body as an answer first and build the errors of those
 * failed parses, a cost per call worth keeping off the hot path.
 */
function isLegacyEra(headers: McpRequestHeaders, body: JSONRPCRequest): boolean {
  const ask = () =>
    classifyInboundRequest({
      httpMethod: headers.method,
      protocolVersionHeader: headers.protocolVersion,
      mcpMethodHeader: headers.mcpMethod,
      mcpNameHeader: headers.mcpName,
      body,
    }).kind === 'legacy';
  const params = body.params as Record<string, unknown> | undefined;
  if ((params !== undefined && '_meta' in params) || 'result' in body || 'error' in body) return ask();
  const key = `${body.method}\n${headers.protocolVersion ?? ''}`;
  let legacy = eraWithoutEnvelope.get(key);
  if (legacy === undefined) {
    legacy = ask();
    eraWithoutEnvelope.set(key, legacy);
  }
  return legacy;
}

interface SharedServer {
  server: McpServer;
  transport: RequestMuxTransport;
}

/**
 * One MCP server per tool set (a signed-in app's seventeen tools, an API key's older three), serving
 * every caller of that set: the SDK's stateless serving builds and closes a server and a transport
 * per request, most of a tool call's CPU. The shared server takes each request through a transport
 * that keeps callers apart (request-mux-transport.ts) and builds each call's backend from its caller.
 */
export class SharedConnectorServers {
  readonly #servers = new Map<string, Promise<SharedServer>>();

  constructor(private readonly context: ConnectorContext) {}

  /** The answer to one request, as the SDK's JSON answer carries it. */
  async answer(
    caller: ConnectorCaller,
    message: JSONRPCRequest,
    authInfo: ConnectorAuthInfo,
  ): Promise<Response> {
    const { transport } = await this.#serverFor(caller);
    const reply = await transport.request(message, authInfo);
    return jsonAnswerWithNoSniff(JSON.stringify(reply), 200);
  }

  async close(): Promise<void> {
    const servers = await Promise.all(this.#servers.values());
    this.#servers.clear();
    for (const { server } of servers) await server.close().catch(() => undefined);
  }

  #serverFor(caller: ConnectorCaller): Promise<SharedServer> {
    // Read-only apps share the signed-in set: /mcp refuses their changes before a server sees them.
    const toolSet: ToolSet = caller.kind === 'grant' ? 'signed-in' : 'api-key';
    let shared = this.#servers.get(toolSet);
    if (shared === undefined) {
      shared = this.#start(toolSet, caller);
      this.#servers.set(toolSet, shared);
    }
    return shared;
  }

  async #start(toolSet: ToolSet, first: ConnectorCaller): Promise<SharedServer> {
    const server = createConnectorServer({
      // Decides only which tools are offered: every domain backend backs all of them.
      backend: new DomainConnectorBackend(this.context, first),
      backendFor: (authInfo) => new DomainConnectorBackend(this.context, connectorSignIn(authInfo).caller),
      toolSet,
    });
    const transport = new RequestMuxTransport();
    // The SDK's public surface only: a Transport whose messages reach the server through `onmessage`.
    await server.connect(transport);
    return { server, transport };
  }
}
