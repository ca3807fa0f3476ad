import { type FunctionDeclaration, mcpToTool } from '@google/genai';
import { API_KEY_TOOLS, CONNECTOR_TOOLS } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectOverHttp, type Json, listedTools, schemaNodes } from './helpers/provider-schemas.js';
import { signedInToken } from './helpers/signed-in-token.js';
import { TestServer } from './helpers/test-server.js';

// Gemini reads a function's JSON Schema (`parametersJsonSchema`, what `mcpToTool` sends) with one
// type per schema: a list of types is the form its single-type dialect cannot carry.
const GEMINI_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);

function geminiRefusals(schema: Json): string[] {
  const problems: string[] = [];
  for (const [path, node] of schemaNodes(schema)) {
    const type = node['type'];
    if (type !== undefined && !(typeof type === 'string' && GEMINI_TYPES.has(type))) {
      problems.push(`${path}: type ${JSON.stringify(type)}`);
    }
    if (type !== undefined && 'anyOf' in node) problems.push(`${path}: type beside anyOf`);
    if (type === undefined && !('anyOf' in node) && !('enum' in node)) problems.push(`${path}: no type`);
  }
  return problems;
}

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await TestServer.start();
  token = await signedInToken(server.url, 'Gemini app');
});
afterAll(async () => {
  await server.close();
});

describe.each([
  ['a signed-in app', () => token, CONNECTOR_TOOLS],
  ['an API key', () => server.apiKey, API_KEY_TOOLS],
] as const)('Google GenAI’s MCP conversion over /mcp for %s', (_who, bearer, names) => {
  it('declares every tool with the whole of its schemas, one type per schema', async () => {
    const client = await connectOverHttp(server.url, bearer());
    try {
      const listed = await listedTools(client);
      const tool = await mcpToTool(client).tool();
      const declarations = tool.functionDeclarations as FunctionDeclaration[];
      expect(declarations.map((d) => d.name).sort()).toEqual([...names].sort());
      for (const declaration of declarations) {
        const mcpTool = listed.find((t) => t.name === declaration.name);
        const parameters = declaration.parametersJsonSchema as Json;
        expect(parameters, `${declaration.name} parameters`).toEqual(mcpTool?.inputSchema);
        expect(geminiRefusals(parameters), declaration.name).toEqual([]);
        if (mcpTool?.outputSchema) {
          expect(declaration.responseJsonSchema).toEqual(mcpTool.outputSchema);
          expect(geminiRefusals(declaration.responseJsonSchema as Json), declaration.name).toEqual([]);
        }
      }
    } finally {
      await client.close();
    }
  });
});

describe('a Gemini function call through the SDK', () => {
  it('calls the tool with the arguments the model wrote and hands back its answer', async () => {
    const client = await connectOverHttp(server.url, token);
    try {
      const [part] = await mcpToTool(client).callTool([{ name: 'service_list_accounts', args: {} }]);
      const response = part?.functionResponse?.response as { structuredContent?: { data: Json[] } };
      expect(response.structuredContent?.data.map((p) => p['handle'])).toContain('@demobrand');
    } finally {
      await client.close();
    }
  });
});
