import { type AuthInfo, McpServer } from '@modelcontextprotocol/server';
import type { ConnectorBackend } from './backend.js';
import { cachedSchema } from './cached-schema.js';
import { type ToolSet, toolsFor } from './tool-registry.js';

export interface ConnectorServerOptions {
  /**
   * The backend the tools run on. It also decides what is offered: a backend that cannot update,
   * retry or report usage is offered none of those tools.
   */
  backend: ConnectorBackend;
  /**
   * Chooses the backend per call from the call's sign-in (the transport's `authInfo`) instead, so
   * one server serves every caller of a tool set; `backend` then only decides what is offered.
   */
  backendFor?: (authInfo: AuthInfo | undefined) => ConnectorBackend;
  /** `signed-in`: the seventeen tools; `api-key`: the older three. */
  toolSet: ToolSet;
  /** Offer only the reads and validate (a read-only grant, or `socialpub-mcp --read-only`). */
  readOnly?: boolean;
  name?: string;
  version?: string;
  /**
   * Register only this tool: a stateless HTTP request that calls one tool needs no other, and the
   * server is built per request (tools/list and every other method get the whole set).
   */
  onlyTool?: string | undefined;
}

export const CONNECTOR_SERVER_NAME = 'socialpub';
export const CONNECTOR_SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'Publishes and schedules posts to the social networks connected to the signed-in account. Start with service_list_accounts. ' +
  'TikTok needs a privacy level and YouTube a privacy setting: ask the user, never choose. ' +
  'Errors carry the REST error code, message and retry advice.';

/** An MCP server with the connector's tools registered against `backend` (one per session or request). */
export function createConnectorServer(options: ConnectorServerOptions): McpServer {
  const server = new McpServer(
    { name: options.name ?? CONNECTOR_SERVER_NAME, version: options.version ?? CONNECTOR_SERVER_VERSION },
    // The tool list never changes while a client is connected (and a stateless endpoint could not
    // send the notification), so the server does not offer `tools.listChanged`.
    { instructions: INSTRUCTIONS, capabilities: { tools: { listChanged: false } } },
  );
  const tools = toolsFor(options.toolSet, options.backend, options.readOnly ?? false);
  // A call to a tool the caller is not offered gets the whole set, so the SDK names it as unknown.
  const only = tools.filter((t) => t.name === options.onlyTool);
  for (const tool of only.length > 0 ? only : tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: cachedSchema(tool.inputSchema, 'input'),
        ...(tool.outputSchema === undefined
          ? {}
          : { outputSchema: cachedSchema(tool.outputSchema, 'output') }),
        annotations: tool.annotations,
      },
      (input: unknown, ctx) =>
        tool.run(options.backendFor?.(ctx.http?.authInfo) ?? options.backend, input as never),
    );
  }
  return server;
}
