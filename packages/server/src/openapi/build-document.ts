import { ERROR_CATALOG, type ErrorCode, OPERATIONS, type OperationDefinition } from '@socialpub/core';
import { errorResponse, networkErrorResponse } from './error-responses.js';
import { type JsonObject, reachableComponents, SchemaConverter } from './json-schema.js';
import { operationParameters } from './parameters.js';
import { retryMarkdown, retryRows } from './retry-table.js';

export interface OpenApiDocument extends JsonObject {
  openapi: string;
  info: JsonObject;
  servers: JsonObject[];
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}

export interface BuildOpenApiOptions {
  /** `{base_url}` of this server (reference-server.md, Addresses). */
  serverUrl: string;
  /** Defaults to core's table of every operation. */
  operations?: readonly OperationDefinition[];
  version?: string;
  /** Defaults to the public API's title and description. */
  title?: string;
  description?: string;
  /** `x-error-catalog`: every code with its statuses and retry advice (default true). */
  errorCatalog?: boolean;
}

/** Authentication: API key as a Bearer header; upload token in `x-signature`; the admin token. */
const SECURITY_SCHEMES: Record<string, JsonObject> = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: '`Authorization: Bearer <API_KEY>`; the word Bearer is read in any capitalisation.',
  },
  uploadToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-signature',
    description: 'The upload token of one file, valid about 2 hours; never sent in a URL.',
  },
  admin: {
    type: 'http',
    scheme: 'bearer',
    description: 'The admin token (`SOCIALPUB_ADMIN_TOKEN`) of the reference server.',
  },
};

const LEGACY_MEDIA_NOTE =
  'Older address: accepts the same request and shares the Idempotency-Key entry of the current ' +
  'address ("Endpoints", Older addresses). Reads exist on the current address only.';

const LEGACY_POSTS_NOTE =
  'Older address: accepts the same request, the same Idempotency-Key and the same `service` field. ' +
  'Its own refusals use `api_error`, a network error is passed without an added `error.code`, an unknown ' +
  'profile is 404 `api_error`, and it never answers 502 `upstream_unavailable`, 503 `dry_run_unavailable`, ' +
  '202 `schedule_unconfirmed` or 504 `cancel_unconfirmed`; an importing mediaID is waited for up to ' +
  '90 seconds ("Endpoints", Older addresses).';

function legacyNote(operation: OperationDefinition): string {
  return operation.legacyPath?.includes('/posts') === true ? LEGACY_POSTS_NOTE : LEGACY_MEDIA_NOTE;
}

function successResponse(
  operation: OperationDefinition,
  status: number,
  schemas: SchemaConverter,
): JsonObject {
  const response = operation.responses[status];
  if (response === undefined) return { description: `Answer ${status}.` };
  const headers: Record<string, JsonObject> = {};
  for (const [name, text] of Object.entries(response.headers ?? {})) {
    headers[name] = { description: text, schema: { type: 'string' } };
  }
  return {
    description: response.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(response.schema === undefined
      ? {}
      : {
          content: {
            [response.contentType ?? 'application/json']: { schema: schemas.responseRef(response.schema) },
          },
        }),
  };
}

/** The error table of one address: the older address adds its own refusal codes. */
function addressErrors(
  operation: OperationDefinition,
  legacy: boolean,
): Readonly<Record<number, readonly ErrorCode[]>> {
  const own = operation.errorsByStatus as Readonly<Record<number, readonly ErrorCode[]>>;
  const extra = legacy ? operation.legacy?.errorsByStatus : undefined;
  if (extra === undefined) return own;
  const merged: Record<number, ErrorCode[]> = {};
  for (const [status, codes] of Object.entries(own)) merged[Number(status)] = [...codes];
  for (const [status, codes] of Object.entries(extra)) {
    const list = merged[Number(status)] ?? [];
    for (const code of codes) if (!list.includes(code)) list.push(code);
    merged[Number(status)] = list;
  }
  return merged;
}

function requestBody(operation: OperationDefinition, schemas: SchemaConverter): JsonObject | undefined {
  const { body, rawBody, bodyOptional } = operation.request;
  if (rawBody !== undefined) {
    return {
      required: true,
      description: rawBody.description,
      content: { [rawBody.contentType]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (body === undefined) return undefined;
  return {
    required: bodyOptional !== true,
    content: { 'application/json': { schema: schemas.input(body) } },
  };
}

function operationObject(
  operation: OperationDefinition,
  schemas: SchemaConverter,
  legacy: boolean,
): JsonObject {
  const errorStatuses = addressErrors(operation, legacy);
  const errorBody = legacy ? operation.legacy?.errorBody : undefined;
  const statuses = new Set([...Object.keys(operation.responses), ...Object.keys(errorStatuses)]);
  const responses: Record<string, JsonObject> = {};
  for (const statusText of [...statuses].sort()) {
    const status = Number(statusText);
    const codes = errorStatuses[status];
    responses[statusText] =
      codes !== undefined && codes.length > 0
        ? errorResponse(operation, status, codes, schemas, errorBody)
        : successResponse(operation, status, schemas);
  }
  if (operation.passesNetworkErrors === true) {
    for (const range of ['4XX', '5XX'])
      responses[range] = networkErrorResponse(operation, schemas, errorBody);
  }
  const rows = retryRows(operation);
  const description = [operation.description, legacy ? legacyNote(operation) : '', retryMarkdown(rows)]
    .filter((part) => part !== '')
    .join('\n\n');
  const body = requestBody(operation, schemas);
  return {
    operationId: legacy ? `${operation.operationId}Legacy` : operation.operationId,
    summary: legacy ? `${operation.summary} (older address)` : operation.summary,
    description,
    tags: [...operation.tags],
    security: operation.security === 'none' ? [] : [{ [operation.security]: [] }],
    parameters: operationParameters(operation, schemas),
    ...(body === undefined ? {} : { requestBody: body }),
    responses,
    'x-error-codes': [...new Set(Object.values(errorStatuses).flat())],
    'x-retry': rows,
    ...(legacy ? { deprecated: false, 'x-older-address': true } : {}),
  };
}

/** One line per tag, for readers of the rendered document. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  accounts: 'Profiles, their connected networks and posting options; admin: accounts, keys and profiles.',
  posts: 'Publish, schedule, cancel and read posts.',
  media: 'Import media from a URL, read its status and the media library; admin: dashboard files.',
  uploads: 'One-time resumable upload links for large files (paid plans).',
  storage: 'The TUS 1.0.0 endpoint that receives the bytes of an upload link.',
  service: 'Health check and the OpenAPI documents.',
  networks: 'Connect networks to profiles and set how the simulated network behaves.',
  clock: "The server's clock; a virtual clock moves only when asked.",
  faults: 'Make the service misbehave on purpose, to test clients.',
  requests: 'The request journal: the last requests, without bodies or secrets.',
};

const PUBLIC_DESCRIPTION =
  'Media import, upload links, posting, scheduling and reads. Every error answer lists its codes in ' +
  '`x-error-codes`; `x-error-catalog` gives every code with its statuses and retry advice.';

function errorCatalog(): JsonObject[] {
  return Object.values(ERROR_CATALOG)
    .filter((entry) => entry.adminOnly !== true)
    .map((entry) => ({
      code: entry.code,
      statuses: [...entry.statuses],
      families: [...entry.families],
      summary: entry.summary,
      retry: entry.retry.kind,
    }));
}

/**
 * The OpenAPI 3.1 description served at `{base_url}/openapi.yaml` ("Versioning"): both addresses,
 * every answer and error code, and a retry table per operation, all generated from core.
 */
export function buildOpenApiDocument(options: BuildOpenApiOptions): OpenApiDocument {
  const operations = options.operations ?? OPERATIONS;
  const schemas = new SchemaConverter(operations);
  const paths: Record<string, Record<string, JsonObject>> = {};
  const addresses: [string, OperationDefinition, boolean][] = [];
  for (const operation of operations) {
    addresses.push([operation.path, operation, false]);
    if (operation.legacyPath !== undefined) addresses.push([operation.legacyPath, operation, true]);
  }
  for (const [path, operation, legacy] of addresses) {
    const item = paths[path] ?? {};
    item[operation.method.toLowerCase()] = operationObject(operation, schemas, legacy);
    paths[path] = item;
  }
  const tags = [...new Set(operations.flatMap((operation) => operation.tags))]
    .sort()
    .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  const used = new Set(operations.map((operation) => operation.security));
  const securitySchemes = Object.fromEntries(
    Object.entries(SECURITY_SCHEMES).filter(([name]) => used.has(name as OperationDefinition['security'])),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Social Publishing API',
      version: options.version ?? '2.0.0',
      description: options.description ?? PUBLIC_DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.serverUrl }],
    tags,
    paths,
    components: {
      schemas: reachableComponents(paths, schemas.components()),
      securitySchemes,
    },
    ...(options.errorCatalog === false ? {} : { 'x-error-catalog': errorCatalog() }),
  };
}
