import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export type Json = Record<string, unknown>;

/** One MCP tool as `tools/list` answers it. */
export interface ListedTool {
  name: string;
  description?: string | undefined;
  inputSchema: Json & { type: 'object' };
  outputSchema?: Json | undefined;
}

/**
 * The 1.x MCP client most apps embed (the one the provider libraries take), over Streamable HTTP
 * to the server's `/mcp` with a bearer token: a signed-in app's access token (the seventeen tools)
 * or an API key (the older three).
 */
export async function connectOverHttp(base: string, bearer: string): Promise<Client> {
  const client = new Client({ name: 'provider-check', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${bearer}` } },
    }),
  );
  return client;
}

export async function listedTools(client: Client): Promise<ListedTool[]> {
  return (await client.listTools()).tools as ListedTool[];
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every property of a schema as a path (`places[].tiktok.privacyLevel`), through objects, arrays and
 * `anyOf` branches: the fields a model can fill. A conversion that keeps them all loses no field,
 * whatever it wraps them in (a strict conversion writes an optional field as `anyOf [it, null]`).
 */
export function propertyPaths(schema: unknown, path = ''): Set<string> {
  const paths = new Set<string>();
  if (!isJson(schema)) return paths;
  const properties = schema['properties'];
  if (isJson(properties)) {
    for (const [name, value] of Object.entries(properties)) {
      const inner = path === '' ? name : `${path}.${name}`;
      paths.add(inner);
      for (const deeper of propertyPaths(value, inner)) paths.add(deeper);
    }
  }
  for (const deeper of propertyPaths(schema['items'], `${path}[]`)) paths.add(deeper);
  const branches = schema['anyOf'];
  if (Array.isArray(branches)) for (const b of branches) for (const p of propertyPaths(b, path)) paths.add(p);
  return paths;
}

/** Every schema object under `schema` (itself included) with its JSON path. */
export function schemaNodes(schema: unknown, path = '#'): Array<[string, Json]> {
  if (!isJson(schema)) return [];
  const found: Array<[string, Json]> = [[path, schema]];
  const properties = schema['properties'];
  if (isJson(properties)) {
    for (const [name, value] of Object.entries(properties)) {
      found.push(...schemaNodes(value, `${path}/properties/${name}`));
    }
  }
  for (const key of ['items', 'additionalProperties'])
    found.push(...schemaNodes(schema[key], `${path}/${key}`));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (const [i, branch] of list.entries()) found.push(...schemaNodes(branch, `${path}/${key}/${i}`));
  }
  return found;
}

/**
 * The arguments a strict model writes for `given`: every property of every object present (strict
 * mode requires them all), `null` for each one the model leaves out.
 */
export function asStrictModelWrites(schema: Json, given: unknown): unknown {
  // A strict conversion writes an optional object as `anyOf [object, null]`: its branches count.
  const candidates = [schema, ...(Array.isArray(schema['anyOf']) ? (schema['anyOf'] as Json[]) : [])];
  if (Array.isArray(given)) {
    const items = candidates.find((s) => isJson(s['items']))?.['items'];
    return isJson(items) ? given.map((item) => asStrictModelWrites(items, item)) : given;
  }
  if (!isJson(given)) return given;
  const target = candidates.find((s) => isJson(s['properties']));
  const properties = target?.['properties'];
  if (!isJson(properties)) return given;
  const out: Json = {};
  for (const [name, property] of Object.entries(properties)) {
    out[name] = name in given && isJson(property) ? asStrictModelWrites(property, given[name]) : null;
  }
  return out;
}
