import type { OperationDefinition } from '@socialpub/core';
import type { JsonObject, SchemaConverter } from './json-schema.js';

type ParameterPlace = 'path' | 'query' | 'header';

/** The request parts of an operation as OpenAPI parameters, one per property of each zod object. */
export function operationParameters(operation: OperationDefinition, schemas: SchemaConverter): JsonObject[] {
  const parts: [ParameterPlace, OperationDefinition['request']['params']][] = [
    ['path', operation.request.params],
    ['query', operation.request.query],
    ['header', operation.request.headers],
  ];
  const parameters: JsonObject[] = [];
  for (const [place, schema] of parts) {
    if (schema === undefined) continue;
    const converted = schemas.input(schema);
    const properties = (converted['properties'] ?? {}) as Record<string, JsonObject>;
    const required = new Set((converted['required'] ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...propertySchema } = property;
      parameters.push({
        name,
        in: place,
        // OpenAPI: a path parameter is always required.
        required: place === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: propertySchema,
      });
    }
  }
  return parameters;
}
