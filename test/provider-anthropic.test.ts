import type Anthropic from '@anthropic-ai/sdk';
import { type MCPCallToolResultLike, type MCPClientLike, mcpTools } from '@anthropic-ai/sdk/helpers/beta/mcp';
import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import { API_KEY_TOOLS, CONNECTOR_TOOLS } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectOverHttp,
  type Json,
  type ListedTool,
  listedTools,
  propertyPaths,
  schemaNodes,
} from './helpers/provider-schemas.js';
import { signedInToken } from './helpers/signed-in-token.js';
import { TestServer } from './helpers/test-server.js';

// The JSON Schema subset Anthropic documents for tool inputs ("structured outputs: JSON Schema
// limitations"): these formats, objects closed, primitive enums, local references only. Length
// and number bounds it does not enforce are kept by its SDK's transform as description text.
const ANTHROPIC_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function outsideAnthropicSubset(schema: Json): string[] {
  const problems: string[] = [];
  for (const [path, node] of schemaNodes(schema)) {
    if (typeof node['format'] === 'string' && !ANTHROPIC_FORMATS.has(node['format'])) {
      problems.push(`${path}: format ${node['format']}`);
    }
    if (node['type'] === 'object' && node['additionalProperties'] !== false)
      problems.push(`${path}: open object`);
    if (Array.isArray(node['enum']) && node['enum'].some((v) => typeof v === 'object' && v !== null)) {
      problems.push(`${path}: an enum of objects`);
    }
    if (typeof node['$ref'] === 'string' && !node['$ref'].startsWith('#'))
      problems.push(`${path}: external $ref`);
  }
  return problems;
}

/** The words of every enum and the `required` list of every object, which a transform must keep. */
function meaning(schema: Json): string[] {
  return schemaNodes(schema).flatMap(([path, node]) => [
    ...(Array.isArray(node['enum']) ? [`${path} enum ${JSON.stringify(node['enum'])}`] : []),
    ...(Array.isArray(node['required']) ? [`${path} required ${JSON.stringify(node['required'])}`] : []),
  ]);
}

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await TestServer.start();
  token = await signedInToken(server.url, 'Claude app');
});
afterAll(async () => {
  await server.close();
});

/** The client as the helper calls it (the 1.x client's result type also names a legacy form). */
function caller(client: Awaited<ReturnType<typeof connectOverHttp>>): MCPClientLike {
  return { callTool: (params) => client.callTool(params) as Promise<MCPCallToolResultLike> };
}

/** The Messages API's own tool definitions for the listed tools (typed by the SDK), strict on. */
function messagesTools(listed: ListedTool[]): Anthropic.Messages.Tool[] {
  return listed.map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    input_schema: tool.inputSchema,
    strict: true,
  }));
}

describe.each([
  ['a signed-in app', () => token, CONNECTOR_TOOLS],
  ['an API key', () => server.apiKey, API_KEY_TOOLS],
] as const)('Anthropic’s tool format over /mcp for %s', (_who, bearer, names) => {
  it('takes every tool as a Messages API tool with its whole input schema, inside the documented subset', async () => {
    const client = await connectOverHttp(server.url, bearer());
    try {
      const listed = await listedTools(client);
      const definitions = messagesTools(listed);
      const viaHelper = mcpTools(listed, caller(client), { strict: true });
      expect(viaHelper.map((t) => t.name).sort()).toEqual([...names].sort());
      for (const definition of definitions) {
        const helped = viaHelper.find((t) => t.name === definition.name) as
          | Anthropic.Beta.BetaTool
          | undefined;
        expect(definition.name).toMatch(TOOL_NAME);
        expect(definition.input_schema.type).toBe('object');
        // The helper writes an absent `properties` or `required` as null, as the SDK's type has it.
        const { required, ...rest } = helped?.input_schema ?? { type: 'object' };
        expect({ ...rest, ...(required === null ? {} : { required }) }, definition.name).toEqual(
          definition.input_schema,
        );
        expect(outsideAnthropicSubset(definition.input_schema), definition.name).toEqual([]);
      }
    } finally {
      await client.close();
    }
  });

  it('keeps every field, required list and enum through the SDK’s strict transform', async () => {
    const client = await connectOverHttp(server.url, bearer());
    try {
      for (const tool of await listedTools(client)) {
        const strict = transformJSONSchema(tool.inputSchema);
        expect([...propertyPaths(strict)].sort(), tool.name).toEqual(
          [...propertyPaths(tool.inputSchema)].sort(),
        );
        expect(meaning(strict), tool.name).toEqual(meaning(tool.inputSchema));
      }
    } finally {
      await client.close();
    }
  });
});

describe('a Claude tool call through the SDK’s MCP helper', () => {
  it('runs the tool with the input the model wrote and hands back its answer', async () => {
    const client = await connectOverHttp(server.url, token);
    try {
      const listed = await listedTools(client);
      const [accounts] = mcpTools(
        listed.filter((t) => t.name === 'service_list_accounts'),
        caller(client),
      );
      const answer = await accounts?.run({});
      expect(JSON.stringify(answer)).toContain('@demobrand');
    } finally {
      await client.close();
    }
  });
});
