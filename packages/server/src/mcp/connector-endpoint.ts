import { createMcpHandler, isLegacyRequest, type McpServerFactory } from '@modelcontextprotocol/server';
import { createConnectorServer } from '@socialpub/mcp';
import { jsonAnswerWithNoSniff } from '../http/security-headers.js';
import { type ConnectorAuthInfo, connectorSignIn } from './connector-auth-info.js';
import type { ConnectorCaller } from './connector-caller.js';
import type { ConnectorContext } from './connector-context.js';
import { DomainConnectorBackend } from './domain-backend.js';
import { legacyJsonHandler } from './legacy-json-handler.js';
import { listAccountsAnswer } from './list-accounts-answer.js';
import { type McpRequestHeaders, SharedConnectorServers, sharedRequest } from './shared-connector-servers.js';

/** What `/mcp` hands on once its own checks (address, origin, sign-in, plan, body, scope) passed. */
export interface CheckedMcpRequest {
  request: Request;
  headers: McpRequestHeaders;
  /** The JSON body, or undefined when there is none or it is not JSON (the SDK answers that). */
  parsed: unknown;
  caller: ConnectorCaller;
  authInfo: ConnectorAuthInfo;
}

export interface ConnectorEndpoint {
  answer(checked: CheckedMcpRequest): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The MCP side of `/mcp`: the SDK's handlers and the shared servers. Loaded by the route on the
 * first request that passes its checks (routes/mcp.ts), so a server that no AI app talks to never
 * loads the MCP SDK and the tools (a large share of start-up time and memory).
 */
export function createConnectorEndpoint(
  context: ConnectorContext,
  bodyLimitBytes: number,
): ConnectorEndpoint {
  const factory: McpServerFactory = ({ authInfo }) => {
    const { caller, onlyTool } = connectorSignIn(authInfo);
    // A read-only app is offered every tool: /mcp refuses its changes with the scope challenge
    // before they run, so the app can step up (routes/mcp.ts).
    return createConnectorServer({
      backend: new DomainConnectorBackend(context, caller),
      toolSet: caller.kind === 'grant' ? 'signed-in' : 'api-key',
      onlyTool,
    });
  };
  const handler = createMcpHandler(factory, {
    maxRequestBodySize: bodyLimitBytes,
    onerror: (error) => console.error('[socialpub] mcp:', error.message),
  });
  const legacyJson = legacyJsonHandler(factory, bodyLimitBytes);
  const sharedServers = new SharedConnectorServers(context);

  return {
    async answer({ request, headers, parsed, caller, authInfo }) {
      if (parsed === undefined) return handler.fetch(request, { authInfo });
      const shared = sharedRequest(headers, parsed);
      if (shared !== undefined) {
        const listed = listAccountsAnswer(context, caller, shared);
        if (listed !== undefined) {
          return jsonAnswerWithNoSniff(listed, 200);
        }
        return sharedServers.answer(caller, shared, authInfo);
      }
      // 2025-era messages: one JSON answer; 2026-07-28 (and every refusal of its checks): the SDK entry.
      if (await isLegacyRequest(request, parsed))
        return legacyJson(request, { authInfo, parsedBody: parsed });
      return handler.fetch(request, { authInfo, parsedBody: parsed });
    },
    async close() {
      await sharedServers.close();
      await handler.close();
    },
  };
}
