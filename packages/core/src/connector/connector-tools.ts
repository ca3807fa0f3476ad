/**
 * The AI-app connector's tool names and groups (API document, "AI-app connector"). The MCP tools,
 * the server's scope check and the OAuth consent page all read this table, so a tool changes group
 * in one place.
 */
export const CONNECTOR_READ_TOOLS = [
  'service_list_accounts',
  'service_get_usage',
  'service_get_posting_options',
  'service_get_media_status',
  'service_list_media',
  'service_get_post',
  'service_list_posts',
  'service_get_post_performance',
] as const;

export const CONNECTOR_CHECK_TOOLS = ['service_validate_post'] as const;

/** Refused for a read-only app before the tool runs (HTTP 403 `insufficient_scope`). */
export const CONNECTOR_CHANGE_TOOLS = [
  'service_upload_media_from_url',
  'service_create_upload_link',
  'service_finish_upload',
  'service_publish_post',
  'service_schedule_post',
  'service_update_scheduled_post',
  'service_cancel_scheduled_post',
  'service_retry_post',
] as const;

export const CONNECTOR_TOOLS = [
  ...CONNECTOR_READ_TOOLS,
  ...CONNECTOR_CHECK_TOOLS,
  ...CONNECTOR_CHANGE_TOOLS,
] as const;

export type ConnectorToolName = (typeof CONNECTOR_TOOLS)[number];
export type ConnectorChangeToolName = (typeof CONNECTOR_CHANGE_TOOLS)[number];

/** The older, smaller tool set of an app that sends an API key instead of signing in. */
export const API_KEY_TOOLS = ['server_info', 'create_post', 'import_media'] as const;
export type ApiKeyToolName = (typeof API_KEY_TOOLS)[number];

const CHANGE_TOOL_SET: ReadonlySet<string> = new Set(CONNECTOR_CHANGE_TOOLS);

export function isConnectorChangeTool(name: string): name is ConnectorChangeToolName {
  return CHANGE_TOOL_SET.has(name);
}
