import { isConnectorChangeTool } from './connector-tools.js';

/**
 * Permissions an AI app is granted at consent: read-only, or read and post (post includes read).
 */
export const CONNECTOR_SCOPES = ['socialpub:read', 'socialpub:post'] as const;
export type ConnectorScope = (typeof CONNECTOR_SCOPES)[number];

export const READ_SCOPE: ConnectorScope = 'socialpub:read';
export const POST_SCOPE: ConnectorScope = 'socialpub:post';

/** What a grant with these scopes may do; `socialpub:post` implies read. */
export function scopesAllowTool(scopes: readonly string[], toolName: string): boolean {
  if (isConnectorChangeTool(toolName)) return scopes.includes(POST_SCOPE);
  return scopes.includes(READ_SCOPE) || scopes.includes(POST_SCOPE);
}

/** The scope a tool needs, as named in a 403 `insufficient_scope` challenge. */
export function scopeForTool(toolName: string): ConnectorScope {
  return isConnectorChangeTool(toolName) ? POST_SCOPE : READ_SCOPE;
}

/** Parses a space-separated OAuth `scope` value into known scopes; unknown values are dropped. */
export function parseConnectorScopes(value: string | null | undefined): ConnectorScope[] {
  if (!value) return [];
  const known = new Set<string>(CONNECTOR_SCOPES);
  return [...new Set(value.split(/\s+/).filter((s) => known.has(s)))] as ConnectorScope[];
}
