import { isConnectorChangeTool, POST_SCOPE, scopesAllowTool } from '@socialpub/core';

/**
 * Origin rule of the MCP Streamable HTTP transport (DNS rebinding): a request that carries an
 * `Origin` must come from the server's own origin, a loopback page (desktop apps and local tools
 * on 127.0.0.1, localhost or [::1], any port), or an origin the operator listed. No Origin (a
 * non-browser client) is allowed.
 */
export function originAllowed(origin: string | undefined, own: string, listed: readonly string[]): boolean {
  if (origin === undefined || origin === '') return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(own).origin) return true;
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

export const INSUFFICIENT_SCOPE_CHALLENGE = (resourceMetadata: string) =>
  `Bearer error="insufficient_scope", scope="${POST_SCOPE}", resource_metadata="${resourceMetadata}", error_description="This app was given read-only access; publishing and other changes need read-and-post permission."`;
