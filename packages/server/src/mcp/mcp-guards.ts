import { CONNECTOR_SCOPES, isConnectorChangeTool, scopesAllowTool } from '@socialpub/core';

/**
 * Origin rule of the MCP Streamable HTTP transport (DNS rebinding): a request that carries an
 * `Origin` must come from the server's own origin, a loopback page (desktop apps and local tools
 * on 127.0.0.1, localhost or [::1], any port), or an origin the operator listed. No Origin (a
 * non-browser client) is allowed.
 */
export function originAllowed(
  origin: string | undefined,
  own: readonly string[],
  listed: readonly string[],
): boolean {
  if (origin === undefined || origin === '') return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (own.some((base) => new URL(base).origin === parsed.origin)) return true;
  if (listed.includes(parsed.origin)) return true;
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  return loopback && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
}

/** The names of the tools a JSON-RPC body calls (one message, or each message of a batch). */
export function calledTools(body: unknown): Array<{ id: unknown; name: string }> {
  const messages = Array.isArray(body) ? body : [body];
  const called: Array<{ id: unknown; name: string }> = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, params, id } = message as { method?: unknown; params?: unknown; id?: unknown };
    if (method !== 'tools/call' || typeof params !== 'object' || params === null) continue;
    const name = (params as { name?: unknown }).name;
    if (typeof name === 'string') called.push({ id, name });
  }
  return called;
}

/**
 * A change tool called with a read-only grant: refused before the tool runs (MCP authorization,
 * scope challenge: HTTP 403 with `error="insufficient_scope"` naming the scope it needs).
 */
export function firstForbiddenCall(
  body: unknown,
  scopes: readonly string[],
): { id: unknown; name: string } | undefined {
  return calledTools(body).find(
    (call) => isConnectorChangeTool(call.name) && !scopesAllowTool(scopes, call.name),
  );
}

/** Every scope a change needs, as the step-up asks for them (MCP authorization, scope challenge). */
const READ_AND_POST = CONNECTOR_SCOPES.join(' ');

export const INSUFFICIENT_SCOPE_CHALLENGE = (resourceMetadata: string) =>
  `Bearer error="insufficient_scope", scope="${READ_AND_POST}", resource_metadata="${resourceMetadata}", error_description="This app was given read-only access; publishing and other changes need read-and-post permission."`;

/**
 * The 401 challenge of `/mcp` (MCP authorization 2025-11-25): where the protected resource
 * metadata is, and the scope to ask for; `invalid_token` when a token was sent and is not valid.
 */
export const UNAUTHENTICATED_CHALLENGE = (resourceMetadata: string, presented: boolean) =>
  `Bearer ${presented ? 'error="invalid_token", ' : ''}resource_metadata="${resourceMetadata}", scope="${READ_AND_POST}"`;
