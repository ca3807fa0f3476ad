import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export interface McpServerInfo {
  name?: string;
  version?: string;
}

/** The MCP server that the seventeen tools register on; tools arrive with the MCP issue. */
export function createMcpServer(info: McpServerInfo = {}): McpServer {
  return new McpServer({ name: info.name ?? 'socialpub', version: info.version ?? '0.1.0' });
}
