import type { JSONRPCRequest } from '@modelcontextprotocol/server';
import type { ConnectorCaller } from './connector-caller.js';
import type { ConnectorContext } from './connector-context.js';
import { DomainConnectorBackend } from './domain-backend.js';

const TOOL = 'service_list_accounts';

/** `params` of exactly `{ name: TOOL, arguments: {} }`, the call every AI app opens with. */
function callsListAccounts(message: JSONRPCRequest): boolean {
  if (message.method !== 'tools/call') return false;
  const params = message.params as Record<string, unknown> | undefined;
  if (params === undefined || params['name'] !== TOOL) return false;
  const args = params['arguments'];
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false;
  for (const _ in args) return false;
  for (const key in params) if (key !== 'name' && key !== 'arguments') return false;
  return true;
}

/**
 * The JSON-RPC answer text of a signed-in app's `tools/call service_list_accounts` without
 * arguments, built from the kept text of the REST answer: the same bytes the MCP SDK sends for it
 * (the tool's text is that JSON, its structured content the same object), without parsing the
 * answer back, re-serialising it, or checking it against the output schema the server built it for.
 * Undefined for any other message, for an API key's caller, and when the read is refused or fails:
 * the shared server then answers as before (a refusal counts nothing, so it is refused again there).
 */
export function listAccountsAnswer(
  context: ConnectorContext,
  caller: ConnectorCaller,
  message: JSONRPCRequest,
): string | undefined {
  if (caller.kind !== 'grant' || !callsListAccounts(message)) return undefined;
  let json: string;
  try {
    json = new DomainConnectorBackend(context, caller).listAccountsJson();
  } catch {
    return undefined;
  }
  return `{"result":{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}},"jsonrpc":"2.0","id":${JSON.stringify(message.id)}}`;
}
