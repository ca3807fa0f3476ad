/**
 * Which scenarios of the official MCP conformance suite apply to the reference server's `/mcp`: a
 * server offering tools only (no prompts, resources, logging, completions, elicitation or
 * sampling), over stateless Streamable HTTP, with its own OAuth authorization server.
 */

/** The server scenarios that apply, the 2025 revisions' four first, then the 2026-07-28 draft's. */
export const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
  'server-stateless',
  'http-header-validation',
  'caching',
];

/** Scenarios that need something the API does not define, each with the reason. */
export const NOT_APPLICABLE: Record<string, string> = {
  'server-session-lifecycle': 'the endpoint is stateless: no MCP-Session-Id (the suite itself reports it so)',
  'logging-set-level': 'the server declares no logging capability',
  'completion-complete': 'the server declares no completions (it has no prompts or resource templates)',
  'tools-call-simple-text': 'needs the suite’s fixture tool test_simple_text',
  'tools-call-image': 'needs the fixture tool test_image_content',
  'tools-call-audio': 'needs the fixture tool test_audio_content',
  'tools-call-embedded-resource': 'needs the fixture tool test_embedded_resource',
  'tools-call-mixed-content': 'needs the fixture tool test_multiple_content_types',
  'tools-call-with-logging': 'needs the fixture tool test_tool_with_logging',
  'tools-call-error': 'needs the fixture tool test_error_handling',
  'tools-call-with-progress': 'needs the fixture tool test_tool_with_progress',
  'tools-call-sampling': 'needs the fixture tool test_sampling (the connector never asks the app’s model)',
  'tools-call-elicitation': 'needs the fixture tool test_elicitation (the connector never elicits)',
  'json-schema-2020-12': 'needs the fixture tool json_schema_2020_12_tool',
  'elicitation-sep1034-defaults': 'needs the fixture tool test_elicitation_sep1034_defaults',
  'elicitation-sep1330-enums': 'needs the fixture tool test_elicitation_sep1330_enums',
  'server-sse-polling':
    'needs the fixture tool test_reconnection (the endpoint is stateless, answers in JSON)',
  'server-sse-multiple-streams': 'needs sessions and server-sent event streams; the endpoint is stateless',
  'http-custom-header-server-validation':
    'needs a tool that mirrors an argument into an Mcp-Param header (x-mcp-header); no tool does',
  'input-required-result-*':
    'the fourteen need fixture tools that ask the app for input (elicitation, sampling, roots); the connector never does',
  'tasks-*': 'the tasks extension: the server offers no tasks',
  'sep-2640-skills-*': 'the skills extension: the server offers no skills',
  'sep-2164-resource-not-found': 'the server offers no resources',
  'resources-list': 'the server offers no resources',
  'resources-read-text': 'the server offers no resources',
  'resources-read-binary': 'the server offers no resources',
  'resources-templates-read': 'the server offers no resources',
  'resources-subscribe': 'the server offers no resources',
  'resources-unsubscribe': 'the server offers no resources',
  'prompts-list': 'the server offers no prompts',
  'prompts-get-simple': 'the server offers no prompts',
  'prompts-get-with-args': 'the server offers no prompts',
  'prompts-get-embedded-resource': 'the server offers no prompts',
  'prompts-get-with-image': 'the server offers no prompts',
};
