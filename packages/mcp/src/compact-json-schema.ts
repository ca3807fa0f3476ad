type Json = Record<string, unknown>;

/**
 * A tool schema as every client and model can read it, and small enough that `tools/list` stays a
 * few thousand tokens: the same constraints as zod's JSON Schema, less what says nothing.
 * - no `$schema`: the MCP default dialect is JSON Schema 2020-12 already;
 * - no `additionalProperties: {}` or empty `properties`: an object allows other keys by default
 *   (the connector's loose option blocks keep REST's unknown-field warnings);
 * - a UUID or a date-time is its `format` without zod's long pattern beside it (the server's zod
 *   schema checks it on every call); an integer has no bounds of ±(2^53 - 1), a record's keys no
 *   `propertyNames: {type: string}`.
 */
export function compactJsonSchema(schema: Json): Json {
  const { $schema: _dialect, ...rest } = schema;
  return compactNode(rest) as Json;
}

function compactNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compactNode);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'additionalProperties' && isEmptyObject(value)) continue;
    if (key === 'properties' && isEmptyObject(value)) continue;
    if (key === 'pattern' && FORMATS_WITH_PATTERN.has((node as Json)['format'] as string)) continue;
    if (key === 'propertyNames' && isStringOnly(value)) continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER)
      continue;
    out[key] = key === 'properties' ? compactProperties(value as Json) : compactNode(value);
  }
  return out;
}

/** Property names are data, not keywords: a property called `pattern` stays. */
function compactProperties(properties: Json): Json {
  const out: Json = {};
  for (const [name, value] of Object.entries(properties)) out[name] = compactNode(value);
  return out;
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
