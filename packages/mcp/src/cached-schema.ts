import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import { compactJsonSchema } from './compact-json-schema.js';

const wrapped = new WeakMap<z.ZodType, StandardSchemaWithJSON>();

/**
 * A tool schema whose JSON Schema is computed once per process, in its compact form
 * (compact-json-schema.ts). The HTTP transport builds a fresh
 * MCP server for every request (stateless), and the SDK converts each registered schema to JSON
 * Schema on registration; converting seventeen zod schemas per request cost more than the tool's
 * own work. Validation stays zod's own (`~standard.validate`).
 */
export function cachedSchema(schema: z.ZodType): StandardSchemaWithJSON {
  const known = wrapped.get(schema);
  if (known) return known;
  const standard = schema['~standard'] as StandardSchemaWithJSON['~standard'];
  const memo = new Map<string, Record<string, unknown>>();
  const convert = (io: 'input' | 'output') => (options: { target: string }) => {
    const key = `${io}:${options.target}`;
    let json = memo.get(key);
    if (json === undefined) {
      json = compactJsonSchema(standard.jsonSchema[io](options as never));
      memo.set(key, json);
    }
    return json;
  };
  const result: StandardSchemaWithJSON = {
    '~standard': {
      version: standard.version,
      vendor: standard.vendor,
      validate: (value: unknown) => standard.validate(value),
      jsonSchema: { input: convert('input'), output: convert('output') },
    } as StandardSchemaWithJSON['~standard'],
  };
  wrapped.set(schema, result);
  return result;
}
