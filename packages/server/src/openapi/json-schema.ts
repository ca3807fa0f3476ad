import type { OperationDefinition } from '@socialpub/core';
import * as z from 'zod';
import * as core from './core-exports.js';

export type JsonObject = Record<string, unknown>;

const COMPONENT_PREFIX = '#/components/schemas/';

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** JSON Schema dialect markers that OpenAPI 3.1 already implies; kept out of components. */
function withoutDialect(schema: JsonObject): JsonObject {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * Names of core's exported schemas (`PostRecordSchema` → `PostRecord`), so shared shapes become
 * components under their API names. The first name (alphabetically) wins for a schema exported twice.
 */
function namedCoreSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const exportName of Object.keys(core).sort()) {
    const value: unknown = (core as Record<string, unknown>)[exportName];
    if (!exportName.endsWith('Schema') || !isZodSchema(value) || names.has(value)) continue;
    names.set(value, exportName.slice(0, -'Schema'.length));
  }
  return names;
}

/**
 * Turns the zod schemas of the operations into OpenAPI 3.1 schemas with zod 4's JSON Schema output
 * (DESIGN.md, "One source of truth"). Answers are converted as output and become components (shared
 * shapes by their core name, the rest named after the operation and status); request parts are
 * converted as input and stay inline.
 */
export class SchemaConverter {
  private readonly registry = z.registry<{ id: string }>();
  private readonly ids = new Map<z.ZodType, string>();
  private readonly coreNames = namedCoreSchemas();

  constructor(operations: readonly OperationDefinition[]) {
    for (const schema of this.coreNames.keys()) this.register(schema, this.coreNames.get(schema) ?? 'Schema');
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.schema !== undefined)
          this.register(response.schema, `${capitalise(operation.operationId)}${status}Response`);
      }
    }
  }

  private register(schema: z.ZodType, name: string): void {
    if (this.ids.has(schema)) return;
    let id = name;
    for (let n = 2; [...this.ids.values()].includes(id); n += 1) id = `${name}${n}`;
    this.ids.set(schema, id);
    this.registry.add(schema, { id });
  }

  /** A `$ref` to the component of an answer's schema. */
  responseRef(schema: z.ZodType): JsonObject {
    const id = this.ids.get(schema);
    return id === undefined ? this.input(schema) : { $ref: `${COMPONENT_PREFIX}${id}` };
  }

  /** A request part, inline, as the client sends it (defaults optional, before transforms). */
  input(schema: z.ZodType): JsonObject {
    return withoutDialect(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject);
  }

  /** Every registered schema as output; the document keeps only those its paths reach. */
  components(): Record<string, JsonObject> {
    const converted = z.toJSONSchema(this.registry, {
      io: 'output',
      unrepresentable: 'any',
      uri: (id) => `${COMPONENT_PREFIX}${id}`,
    }) as { schemas: Record<string, JsonObject> };
    const out: Record<string, JsonObject> = {};
    for (const [id, schema] of Object.entries(converted.schemas)) out[id] = withoutDialect(schema);
    return out;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string' && inner.startsWith(COMPONENT_PREFIX)) {
      into.add(inner.slice(COMPONENT_PREFIX.length));
    } else {
      collectRefs(inner, into);
    }
  }
}

/** Keeps the components reachable from `roots`, following refs between components. */
export function reachableComponents(
  roots: unknown,
  components: Record<string, JsonObject>,
): Record<string, JsonObject> {
  const reached = new Set<string>();
  collectRefs(roots, reached);
  const queue = [...reached];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    const found = new Set<string>();
    collectRefs(components[id], found);
    for (const next of found) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  const kept: Record<string, JsonObject> = {};
  for (const id of [...reached].sort()) {
    const schema = components[id];
    if (schema !== undefined) kept[id] = schema;
  }
  return kept;
}
