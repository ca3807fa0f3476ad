import { describeRetry, ERROR_CATALOG, type ErrorCode, type OperationDefinition } from '@socialpub/core';
import type { JsonObject, SchemaConverter } from './json-schema.js';

/** Every 429 carries Retry-After when the wait is an hour or less; 409 and 503 answers often do ("Errors"). */
const RETRY_AFTER_STATUSES = new Set([409, 429, 503, 504]);

function codeEnumSchema(family: OperationDefinition['errorFamily'], codes: readonly ErrorCode[]): JsonObject {
  const code = { type: 'string', enum: [...codes] };
  // Media import answers put the code beside `error` (a message); the others inside `error`.
  return family === 'media_import'
    ? { type: 'object', properties: { code } }
    : { type: 'object', properties: { error: { type: 'object', properties: { code } } } };
}

function codeLine(code: ErrorCode): string {
  const entry = ERROR_CATALOG[code];
  return `- \`${code}\`: ${entry.summary} Retry: ${describeRetry(entry.retry)}`;
}

/**
 * One error answer of an operation: the body of its family, `error.code` limited to the codes the
 * document gives for this status, the codes also listed in `x-error-codes` and, with their meaning
 * and retry advice, in the description.
 */
export function errorResponse(
  operation: OperationDefinition,
  status: number,
  codes: readonly ErrorCode[],
  schemas: SchemaConverter,
): JsonObject {
  const response = operation.responses[status];
  const lines = codes.map(codeLine);
  const description = [response?.description ?? `Error ${status}.`, '', ...lines].join('\n');
  const content: JsonObject = {};
  if (response?.schema !== undefined) {
    content[response.contentType ?? 'application/json'] = {
      schema: { allOf: [schemas.responseRef(response.schema), codeEnumSchema(operation.errorFamily, codes)] },
    };
  }
  const headers: Record<string, JsonObject> = {};
  for (const [name, text] of Object.entries(response?.headers ?? {})) {
    headers[name] = { description: text, schema: { type: 'string' } };
  }
  if (RETRY_AFTER_STATUSES.has(status) && headers['Retry-After'] === undefined) {
    headers['Retry-After'] = {
      description: 'Seconds to wait before sending again, when given.',
      schema: { type: 'integer' },
    };
  }
  return {
    description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
    'x-error-codes': [...codes],
  };
}
