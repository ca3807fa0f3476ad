import type { AuthInfo } from '@modelcontextprotocol/server';
import { POST_SCOPE } from '@socialpub/core';
import type { ConnectorCaller } from './connector-caller.js';

/** The sign-in `/mcp` hands the MCP SDK: the caller it resolved rides in `extra`, typed. */
export interface ConnectorAuthInfo extends AuthInfo {
  extra: { caller: ConnectorCaller; onlyTool: string | undefined };
}

export function connectorAuthInfo(caller: ConnectorCaller, onlyTool: string | undefined): ConnectorAuthInfo {
  return {
    token: 'verified',
    clientId: caller.kind === 'grant' ? caller.grant.clientId : `api_key:${caller.apiKey.id}`,
    scopes: caller.kind === 'grant' ? [...caller.grant.scopes] : [POST_SCOPE],
    extra: { caller, onlyTool },
  };
}

/**
 * The sign-in the SDK hands back to a server factory or a tool call: only `/mcp` builds them
 * (`connectorAuthInfo`), so one without a caller is a wiring fault, never a request to answer.
 */
export function connectorSignIn(authInfo: AuthInfo | undefined): ConnectorAuthInfo['extra'] {
  const extra = authInfo?.extra as Partial<ConnectorAuthInfo['extra']> | undefined;
  if (extra?.caller === undefined)
    throw new Error('An MCP request reached the connector without its caller.');
  return { caller: extra.caller, onlyTool: extra.onlyTool };
}
