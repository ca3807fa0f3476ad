type Json = Record<string, unknown>;

/** Whether a schema describes a tool's arguments (closed objects) or its answer (open objects). */
export type SchemaRole = 'input' | 'output';

/**
 * A tool schema every model provider and MCP client takes with its whole meaning, and small enough
 * that `tools/list` stays a few thousand tokens: zod's JSON Schema with these changes.
 * - no `$schema`: the MCP default dialect is JSON Schema 2020-12 already;
 * - only the `format` values strict function schemas accept (OpenAI's list, which Anthropic's
 *   includes): `uri` is left out, and the server's own zod check of the address stays;
 * - a list of types is written as `anyOf` branches of one type each, which single-type dialects
 *   (Gemini's function declarations, the MCP Inspector's strict mode) read;
 * - arguments: every object is closed (`additionalProperties: false`, an argument-less tool an
 *   empty closed object), as OpenAI's strict mode requires; answers stay open (an answer may
 *   carry more than its schema names), less an empty `additionalProperties` or `properties`;
 * - a UUID or a date-time is its `format` without zod's long pattern beside it, an integer has no
 *   bounds of ±(2^53 - 1), a record's keys no `propertyNames: {type: string}`.
 */
export function portableJsonSchema(schema: Json, role: SchemaRole): Json {
  const { $schema: _dialect, ...rest } = schema;
  return portableNode(rest, role) as Json;
}

/** Format values OpenAI's strict mode accepts; Anthropic's and JSON Schema's lists include them. */
export const PORTABLE_FORMATS: ReadonlySet<string> = new Set([
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

function portableNode(node: unknown, role: SchemaRole): unknown {
  if (Array.isArray(node)) return node.map((item) => portableNode(item, role));
  if (typeof node !== 'object' || node === null) return node;
  const source = node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'additionalProperties' && isEmptyObject(value)) continue;
    if (key === 'properties' && isEmptyObject(value) && role === 'output') continue;
    if (key === 'format' && !PORTABLE_FORMATS.has(value as string)) continue;
    if (key === 'pattern' && FORMATS_WITH_PATTERN.has(source['format'] as string)) continue;
    if (key === 'propertyNames' && isStringOnly(value)) continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER)
      continue;
    out[key] = key === 'properties' ? portableProperties(value as Json, role) : portableNode(value, role);
  }
  // A record (keys named by `propertyNames`) keeps its open form: closing it would leave no key.
  const isRecord = source['propertyNames'] !== undefined;
  if (
    role === 'input' &&
    out['type'] === 'object' &&
    out['additionalProperties'] === undefined &&
    !isRecord
  ) {
    out['properties'] ??= {};
    out['additionalProperties'] = false;
  }
  return Array.isArray(out['type']) ? typeListAsAnyOf(out) : out;
}

/** Property names are data, not keywords: a property called `pattern` stays. */
function portableProperties(properties: Json, role: SchemaRole): Json {
  const out: Json = {};
  for (const [name, value] of Object.entries(properties)) out[name] = portableNode(value, role);
  return out;
}

/** The keywords that apply to one type only, moved into that type's branch. */
const KEYWORDS_OF_TYPE: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'minItems', 'maxItems', 'prefixItems', 'uniqueItems'],
  object: ['properties', 'required', 'additionalProperties'],
};

/** `{type: [a, b], ...}` as `{anyOf: [{type: a, ...}, {type: b, ...}]}`, keeping each keyword's meaning. */
function typeListAsAnyOf(node: Json): Json {
  const types = node['type'] as string[];
  const moved = new Set(types.flatMap((type) => KEYWORDS_OF_TYPE[type] ?? []));
  const shared: Json = {};
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && !moved.has(key)) shared[key] = value;
  const anyOf = types.map((type) => {
    const branch: Json = { type };
    for (const key of KEYWORDS_OF_TYPE[type] ?? []) if (node[key] !== undefined) branch[key] = node[key];
    return branch;
  });
  return { ...shared, anyOf };
}

/** Formats zod writes a pattern beside; the format says the same to a client (the server checks it). */
const FORMATS_WITH_PATTERN = new Set(['uuid', 'date-time']);

/** Object keys are strings anyway. */
function isStringOnly(value: unknown): boolean {
  return JSON.stringify(value) === '{"type":"string"}';
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
  );
}
