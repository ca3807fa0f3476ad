import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import { withoutAbsentNulls } from './absent-nulls.js';
import { portableJsonSchema, type SchemaRole } from './portable-json-schema.js';

const wrapped: Record<SchemaRole, WeakMap<z.ZodType, StandardSchemaWithJSON>> = {
  input: new WeakMap(),
  output: new WeakMap(),
};

/** The dialect the arguments' nulls are read against (MCP's default, JSON Schema 2020-12). */
const ARGUMENTS_TARGET = 'draft-2020-12';

/**
 * A tool schema whose JSON Schema is computed once per process, in its portable form
 * (portable-json-schema.ts). The HTTP transport builds a fresh MCP server for every request
 * (stateless), and the SDK converts each registered schema to JSON Schema on registration;
 * converting seventeen zod schemas per request cost more than the tool's own work. Validation
 * stays zod's own (`~standard.validate`); arguments first lose the nulls that mean "not given"
 * (absent-nulls.ts), so the stdio server and `/mcp` take a strict model's calls alike.
 */
export function cachedSchema(schema: z.ZodType, role: SchemaRole): StandardSchemaWithJSON {
  const known = wrapped[role].get(schema);
  if (known) return known;
  const standard = schema['~standard'] as StandardSchemaWithJSON['~standard'];
  const memo = new Map<string, Record<string, unknown>>();
  const convert = (io: 'input' | 'output') => (options: { target: string }) => {
    const key = `${io}:${options.target}`;
    let json = memo.get(key);
    if (json === undefined) {
      json = portableJsonSchema(standard.jsonSchema[io](options as never), role);
      memo.set(key, json);
    }
    return json;
  };
  const validate =
    role === 'input'
      ? (value: unknown) =>
          standard.validate(withoutAbsentNulls(convert('input')({ target: ARGUMENTS_TARGET }), value))
      : (value: unknown) => standard.validate(value);
  const result: StandardSchemaWithJSON = {
    '~standard': {
      version: standard.version,
      vendor: standard.vendor,
      validate,
      jsonSchema: { input: convert('input'), output: convert('output') },
    } as StandardSchemaWithJSON['~standard'],
  };
  wrapped[role].set(schema, result);
  return result;
}
