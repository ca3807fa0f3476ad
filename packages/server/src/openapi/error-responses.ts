import { describeRetry, ERROR_CATALOG, type ErrorCode, type OperationDefinition } from '@socialpub/core';
import type * as z from 'zod';
import type { JsonObject, SchemaConverter } from './json-schema.js';

/** Every 429 carries Retry-After when the wait is an hour or less; 409 and 503 answers often do ("Errors"). */
const RETRY_AFTER_STATUSES = new Set([409, 429, 503, 504]);

/**
 * `code` limited to the codes of this status. Where the operation passes a network's errors on
 * ("Errors from a network are passed on with the network's status, code and message"), any other
 * code a network gives is allowed too.
 */
function codeSchema(operation: OperationDefinition, codes: readonly ErrorCode[]): JsonObject {
  const listed = { type: 'string', enum: [...codes] };
  if (operation.passesNetworkErrors !== true) return listed;
  return { anyOf: [listed, { type: 'string', description: 'A code a network passed on.' }] };
}

function codeEnumSchema(operation: OperationDefinition, codes: readonly ErrorCode[]): JsonObject {
  const code = codeSchema(operation, codes);
  // Media import answers put the code beside `error` (a message); the others inside `error`.
  return operation.errorFamily === 'media_import'
    ? { type: 'object', properties: { code } }
    : { type: 'object', properties: { error: { type: 'object', properties: { code } } } };
}

/** HEAD answers have no body (RFC 9110 §9.3.2): the document describes their headers only. */
function hasBody(operation: OperationDefinition): boolean {
  return operation.method !== 'HEAD';
}

function retryAfterHeaders(
  status: number,
  named: Readonly<Record<string, string>> = {},
): Record<string, JsonObject> {
  const headers: Record<string, JsonObject> = {};
  for (const [name, text] of Object.entries(named)) {
    headers[name] = { description: text, schema: { type: 'string' } };
  }
  if (RETRY_AFTER_STATUSES.has(status) && headers['Retry-After'] === undefined) {
    headers['Retry-After'] = {
      description: 'Seconds to wait before sending again, when given.',
      schema: { type: 'integer' },
    };
  }
  return headers;
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
  bodyOverride?: z.ZodType,
): JsonObject {
  const response = operation.responses[status];
  const lines = codes.map(codeLine);
  const description = [response?.description ?? `Error ${status}.`, '', ...lines].join('\n');
  const bodySchema = bodyOverride ?? response?.schema ?? defaultErrorBody(operation);
  const content: JsonObject = {};
  if (bodySchema !== undefined && hasBody(operation)) {
    content[response?.contentType ?? 'application/json'] = {
      schema: { allOf: [schemas.responseRef(bodySchema), codeEnumSchema(operation, codes)] },
    };
  }
  const headers = retryAfterHeaders(status, response?.headers);
  return {
    description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
    'x-error-codes': [...codes],
  };
}

/** The error body schema the operation was defined with (any of its error answers carries it). */
function defaultErrorBody(operation: OperationDefinition): z.ZodType | undefined {
  const errorStatuses = Object.keys(operation.errorsByStatus).map(Number);
  for (const status of errorStatuses) {
    const schema = operation.responses[status]?.schema;
    if (schema !== undefined) return schema;
  }
  return undefined;
}

/**
 * `4XX` and `5XX` of an operation that passes a network's errors on: the network's own status and
 * code, in the body of the address.
 */
export function networkErrorResponse(
  operation: OperationDefinition,
  schemas: SchemaConverter,
  bodyOverride?: z.ZodType,
): JsonObject {
  const bodySchema = bodyOverride ?? defaultErrorBody(operation);
  return {
    description:
      "An error a network passed on with the network's own status, code and message (a code is derived " +
      'when the network gives none). Check `error.code`, not only the status.',
    ...(bodySchema === undefined || !hasBody(operation)
      ? {}
      : { content: { 'application/json': { schema: schemas.responseRef(bodySchema) } } }),
  };
}
