import { type FunctionTool, getAllMcpTools, MCPServerStreamableHttp, RunContext } from '@openai/agents';
import { API_KEY_TOOLS, CONNECTOR_TOOLS } from '@socialpub/core';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asStrictModelWrites,
  connectOverHttp,
  type Json,
  type ListedTool,
  listedTools,
  propertyPaths,
  schemaNodes,
} from './helpers/provider-schemas.js';
import { signedInToken } from './helpers/signed-in-token.js';
import { TestServer } from './helpers/test-server.js';

// OpenAI's strict function schemas ("Structured Outputs: supported schemas"): the formats a string
// may name, the keywords it reads (composition and conditionals are refused), and its limits.
const OPENAI_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
const OPENAI_REFUSED_KEYWORDS = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'oneOf',
];
const OPENAI_MAX_PROPERTIES = 5_000;
const OPENAI_MAX_OBJECT_NESTING = 10;
const OPENAI_MAX_ENUM_VALUES = 1_000;

/** What OpenAI's API refuses in a strict function's parameters (it answers 400 for the whole call). */
function openAiRefusals(parameters: Json): string[] {
  const problems: string[] = [];
  if (parameters['type'] !== 'object' || 'anyOf' in parameters) problems.push('#: the root is not an object');
  let properties = 0;
  let enumValues = 0;
  for (const [path, node] of schemaNodes(parameters)) {
    for (const keyword of OPENAI_REFUSED_KEYWORDS) if (keyword in node) problems.push(`${path}: ${keyword}`);
    if (typeof node['format'] === 'string' && !OPENAI_FORMATS.has(node['format'])) {
      problems.push(`${path}: format ${node['format']}`);
    }
    if (Array.isArray(node['enum'])) enumValues += node['enum'].length;
    const declared = node['properties'] as Json | undefined;
    if (node['type'] !== 'object') continue;
    if (node['additionalProperties'] !== false) problems.push(`${path}: an open object`);
    const names = Object.keys(declared ?? {});
    properties += names.length;
    const required = new Set((node['required'] as string[] | undefined) ?? []);
    for (const name of names)
      if (!required.has(name)) problems.push(`${path}/properties/${name}: not required`);
    if (path.split('/properties/').length - 1 > OPENAI_MAX_OBJECT_NESTING)
      problems.push(`${path}: nested too deep`);
  }
  if (properties > OPENAI_MAX_PROPERTIES) problems.push(`${properties} properties`);
  if (enumValues > OPENAI_MAX_ENUM_VALUES) problems.push(`${enumValues} enum values`);
  return problems;
}

let server: TestServer;
let token: string;
let profileId: string;
beforeAll(async () => {
  server = await TestServer.start();
  token = await signedInToken(server.url, 'OpenAI agent');
  profileId = (await server.demoProfiles()).brand.profile_id;
});
afterAll(async () => {
  await server.close();
});

/** The tools as the Agents SDK hands them to OpenAI with strict conversion on, and tools/list itself. */
async function strictTools(
  bearer: string,
): Promise<{ converted: FunctionTool[]; listed: ListedTool[]; close(): Promise<void> }> {
  const mcp = new MCPServerStreamableHttp({
    url: `${server.url}/mcp`,
    name: 'socialpub',
    requestInit: { headers: { authorization: `Bearer ${bearer}` } },
    // The SDK's own default is 5 s per request; two shared cores under a full suite need more.
    clientSessionTimeoutSeconds: 120,
  });
  await mcp.connect();
  const converted = (await getAllMcpTools({
    mcpServers: [mcp],
    convertSchemasToStrict: true,
  })) as FunctionTool[];
  const client = await connectOverHttp(server.url, bearer);
  const listed = await listedTools(client);
  await client.close();
  return { converted, listed, close: () => mcp.close() };
}

describe.each([
  ['a signed-in app', () => token, CONNECTOR_TOOLS],
  ['an API key', () => server.apiKey, API_KEY_TOOLS],
] as const)('OpenAI strict function schemas over /mcp for %s', (_who, bearer, names) => {
  it('keeps every tool strict, with every field of tools/list, and nothing OpenAI refuses', async () => {
    const { converted, listed, close } = await strictTools(bearer());
    try {
      expect(converted.map((t) => t.name).sort()).toEqual([...names].sort());
      for (const tool of converted) {
        const mcpTool = listed.find((t) => t.name === tool.name);
        expect(tool.strict, `${tool.name} stays strict`).toBe(true);
        expect(openAiRefusals(tool.parameters as Json), tool.name).toEqual([]);
        expect([...propertyPaths(tool.parameters)].sort(), `${tool.name} keeps every field`).toEqual(
          [...propertyPaths(mcpTool?.inputSchema)].sort(),
        );
      }
    } finally {
      await close();
    }
  });
});

describe('a strict model’s call through the Agents SDK', () => {
  it('declares the TikTok and YouTube privacy on every tool that takes places, and on a scheduled post’s options', async () => {
    const { converted, close } = await strictTools(token);
    try {
      for (const name of ['service_validate_post', 'service_publish_post', 'service_schedule_post']) {
        const paths = propertyPaths(converted.find((t) => t.name === name)?.parameters);
        for (const field of [
          'tiktok.privacyLevel',
          'youtube.privacyStatus',
          'pinterest.boardId',
          'skool.group',
          'skool.label',
        ]) {
          expect(paths.has(`places[].${field}`), `${name} places[].${field}`).toBe(true);
        }
      }
      const update = propertyPaths(
        converted.find((t) => t.name === 'service_update_scheduled_post')?.parameters,
      );
      for (const field of ['privacyLevel', 'privacyStatus', 'boardId', 'group', 'label']) {
        expect(update.has(`options.${field}`), `options.${field}`).toBe(true);
      }
    } finally {
      await close();
    }
  });

  it('publishes from arguments that name every field, null where the model leaves one out', async () => {
    const { converted, close } = await strictTools(token);
    try {
      const tool = (name: string) => converted.find((t) => t.name === name) as FunctionTool;
      const call = async (name: string, given: Json) => {
        const written = asStrictModelWrites(tool(name).parameters as Json, given) as Json;
        // What the model writes is what OpenAI's strict decoding allows: valid against the parameters.
        const validate = addFormats(new Ajv2020({ strict: false })).compile(tool(name).parameters as Json);
        expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
        // The SDK hands the model the tool's one text item: the JSON answer.
        const output = (await tool(name).invoke(new RunContext(), JSON.stringify(written))) as {
          text: string;
        };
        return { written, answer: JSON.parse(output.text) as { places: Json[] } };
      };
      await server.advance(30);
      const published = await call('service_publish_post', {
        content: { text: 'From a strict OpenAI model' },
        places: [{ accountId: profileId, platform: 'linkedin' }],
      });
      expect(JSON.stringify(published.written)).toContain('"tiktok":null');
      const [place] = published.answer.places as Array<{ answer: { service: { post_id: string } } }>;
      const postId = place?.answer.service.post_id ?? '';
      expect(await server.client().posts.retrieve(postId)).toMatchObject({
        platform: 'linkedin',
        status: 'success',
      });
      // The privacy the model chose reaches the checks (a dry run answers); left out (null), it is asked for.
      const tiktok = (privacyLevel: string | undefined) => ({
        content: { text: 'A TikTok' },
        places: [{ accountId: profileId, platform: 'tiktok', tiktok: privacyLevel ? { privacyLevel } : {} }],
      });
      const chosen = await call('service_validate_post', tiktok('SELF_ONLY'));
      expect(chosen.answer.places[0]).toMatchObject({ platform: 'tiktok', answer: { dry_run: true } });
      const asked = await call('service_validate_post', tiktok(undefined));
      expect(JSON.stringify(asked.answer)).toContain('places[0].tiktok.privacyLevel');
    } finally {
      await close();
    }
  });

  it('takes those nulls at /mcp itself, from a client that passes them on as the model wrote them', async () => {
    const { converted, close } = await strictTools(token);
    const client = await connectOverHttp(server.url, token);
    try {
      const update = converted.find((t) => t.name === 'service_update_scheduled_post') as FunctionTool;
      const schedule = converted.find((t) => t.name === 'service_schedule_post') as FunctionTool;
      const at = new Date((await server.now()).getTime() + 3_600_000).toISOString();
      const scheduled = await client.callTool({
        name: 'service_schedule_post',
        arguments: asStrictModelWrites(schedule.parameters as Json, {
          content: { text: 'Later, from a strict model' },
          places: [{ accountId: profileId, platform: 'linkedin' }],
          scheduledFor: at,
        }) as Json,
      });
      expect(scheduled.isError, JSON.stringify(scheduled.content)).toBeFalsy();
      const [place] = (scheduled.structuredContent as { places: Array<{ answer: { service: Json } }> })
        .places;
      const id = place?.answer.service['scheduled_post_id'] as string;
      const changed = await client.callTool({
        name: 'service_update_scheduled_post',
        arguments: asStrictModelWrites(update.parameters as Json, {
          scheduled_post_id: id,
          text: 'Changed',
        }) as Json,
      });
      expect(changed.isError, JSON.stringify(changed.content)).toBeFalsy();
      expect(changed.structuredContent).toMatchObject({ scheduled_post_id: id, scheduled_at: at });
      // A null where the argument is required is still refused, with what to fix.
      const refused = await client.callTool({
        name: 'service_update_scheduled_post',
        arguments: { scheduled_post_id: null },
      });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toMatch(/scheduled_post_id/);
    } finally {
      await client.close();
      await close();
    }
  });
});
