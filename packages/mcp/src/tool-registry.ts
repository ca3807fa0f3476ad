import { API_KEY_TOOLS, CONNECTOR_TOOLS, isConnectorChangeTool } from '@socialpub/core';
import type { ConnectorBackend } from './backend.js';
import * as tools from './tools/index.js';
import type { ConnectorTool } from './tools/tool.js';

/** The seventeen tools of a signed-in app, in the order of core's table. */
const SIGNED_IN: readonly ConnectorTool[] = [
  tools.listAccountsTool,
  tools.getUsageTool,
  tools.getPostingOptionsTool,
  tools.getMediaStatusTool,
  tools.listMediaTool,
  tools.getPostTool,
  tools.listPostsTool,
  tools.getPostPerformanceTool,
  tools.validatePostTool,
  tools.uploadMediaFromUrlTool,
  tools.createUploadLinkTool,
  tools.finishUploadTool,
  tools.publishPostTool,
  tools.schedulePostTool,
  tools.updateScheduledPostTool,
  tools.cancelScheduledPostTool,
  tools.retryPostTool,
];

const API_KEY: readonly ConnectorTool[] = [tools.serverInfoTool, tools.createPostTool, tools.importMediaTool];

// The names come from core's table; a tool renamed here and not there fails at load, not in an app.
for (const [list, names] of [
  [SIGNED_IN, CONNECTOR_TOOLS],
  [API_KEY, API_KEY_TOOLS],
] as const) {
  const have = list.map((t) => t.name).join(',');
  if (have !== names.join(',')) throw new Error(`connector tools out of step with core: ${have}`);
}

export type ToolSet = 'signed-in' | 'api-key';

/** Tools whose work a backend cannot do (usage, update and retry over REST) are left out, not stubbed. */
function backed(tool: ConnectorTool, backend: ConnectorBackend): boolean {
  if (tool.name === 'service_update_scheduled_post') return backend.updateScheduledPost !== undefined;
  if (tool.name === 'service_retry_post') return backend.retryPost !== undefined;
  if (tool.name === 'service_get_usage') return backend.getUsage !== undefined;
  return true;
}

/** The tools a caller is offered: the set, less change tools when read-only, less unbacked tools. */
export function toolsFor(toolSet: ToolSet, backend: ConnectorBackend, readOnly: boolean): ConnectorTool[] {
  const list = toolSet === 'signed-in' ? SIGNED_IN : API_KEY;
  return list.filter((tool) => backed(tool, backend) && !(readOnly && isConnectorChangeTool(tool.name)));
}
