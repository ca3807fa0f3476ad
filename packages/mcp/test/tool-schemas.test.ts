import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { CONNECTOR_TOOLS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import { createConnectorServer } from '../src/create-connector-server.js';
import { fakeBackend } from './fake-backend.js';

type Json = Record<string, unknown>;

/**
 * Most a signed-in app's tools/list may weigh, as compact JSON: models read it on every turn. Every
 * tool that takes places declares every option block, and a scheduled post's options are a declared
 * block, so a strict model sees every field.
 */
const TOOLS_LIST_MAX_BYTES = 28_000;

async function signedInToolsList() {
  const server = createConnectorServer({
    backend: fakeBackend({
      updateScheduledPost: async () => ({ status: 200, body: {} }),
      retryPost: async () => ({ status: 200, body: {} }),
    }).backend,
    toolSet: 'signed-in',
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'schema-check', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client.listTools();
}

/** Every property schema under `schema` with its path, walking objects, arrays and unions. */
function properties(schema: Json, path: string): Array<[string, Json]> {
  const found: Array<[string, Json]> = [];
  const props = (schema['properties'] ?? {}) as Record<string, Json>;
  for (const [name, value] of Object.entries(props)) {
    found.push([`${path}.${name}`, value], ...properties(value, `${path}.${name}`));
  }
  const items = schema['items'] as Json | undefined;
  if (items) found.push(...properties(items, `${path}[]`));
  for (const branch of (schema['anyOf'] ?? []) as Json[]) found.push(...properties(branch, path));
  return found;
}

function typeOf(schema: Json): unknown {
  if (schema['type'] !== undefined) return schema['type'];
  const branches = (schema['anyOf'] ?? []) as Json[];
  return branches.length > 0 && branches.every((b) => b['type'] !== undefined) ? 'anyOf' : undefined;
}

describe('tools/list for a signed-in app', () => {
  it(`weighs at most ${TOOLS_LIST_MAX_BYTES} bytes of compact JSON`, async () => {
    const list = await signedInToolsList();
    expect(list.tools.map((t) => t.name).sort()).toEqual([...CONNECTOR_TOOLS].sort());
    expect(Buffer.byteLength(JSON.stringify(list))).toBeLessThanOrEqual(TOOLS_LIST_MAX_BYTES);
  });

  it('types and describes every property, with no empty schema, no empty additionalProperties and no type lists', async () => {
    const problems: string[] = [];
    for (const tool of (await signedInToolsList()).tools) {
      const schemas: Array<[string, Json]> = [['input', tool.inputSchema as Json]];
      if (tool.outputSchema) schemas.push(['output', tool.outputSchema as Json]);
      for (const [side, schema] of schemas) {
        const text = JSON.stringify(schema);
        if (text.includes('"additionalProperties":{}'))
          problems.push(`${tool.name} ${side}: additionalProperties {}`);
        for (const [path, property] of properties(schema, `${tool.name} ${side}`)) {
          if (typeOf(property) === undefined) problems.push(`${path}: no type`);
          if (typeof property['description'] !== 'string' || property['description'] === '') {
            problems.push(`${path}: no description`);
          }
          // The MCP Inspector's strict mode flags any list of types; anyOf branches say the same.
          const type = property['type'];
          if (Array.isArray(type)) problems.push(`${path}: type list ${type.join(',')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares an outputSchema on every tool (each answers structured data)', async () => {
    const missing = (await signedInToolsList()).tools.filter((t) => !t.outputSchema).map((t) => t.name);
    expect(missing).toEqual([]);
  });

  it('does not offer tools.listChanged (the list never changes while connected)', async () => {
    const server = createConnectorServer({ backend: fakeBackend().backend, toolSet: 'signed-in' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'caps', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    expect(client.getServerCapabilities()?.tools?.listChanged ?? false).toBe(false);
  });
});
