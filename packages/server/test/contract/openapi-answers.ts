import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { adminDocumentOptions } from '../../src/admin/admin-document.js';
import { FAULT_HEADER } from '../../src/http/faults.js';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/openapi/build-document.js';

// Checks one answer of the server against the OpenAPI document served for its address: the public
// document (`/openapi.yaml`) or the admin one (`/admin/openapi.yaml`). The documents are built by
// the same code that serves them; their schemas are JSON Schema 2020-12 (OpenAPI 3.1), checked
// with Ajv's 2020 dialect, and each response schema is compiled once per process.

type Json = Record<string, unknown>;

/**
 * Addresses outside both documents, skipped on purpose: pages and sign-in for people and AI apps,
 * the MCP transport, kept files and the uploader scripts (plain files, not API answers).
 */
export const UNDOCUMENTED_PREFIXES: readonly string[] = [
  '/dashboard',
  '/oauth',
  '/.well-known/',
  '/mcp',
  '/files/',
  '/uploader/',
  // The operator's checks (reference-server.md, "A team's server behind a proxy"): readiness and
  // Prometheus text, not part of the API the documents describe.
  '/ready',
  '/metrics',
];

export function isUndocumented(path: string): boolean {
  return path === '/' || UNDOCUMENTED_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

interface Documents {
  ajv: Ajv2020;
  docs: Record<'public' | 'admin', OpenApiDocument>;
  compiled: Map<string, ValidateFunction>;
}

const COMPONENTS = '#/components/schemas/';

/** `#/components/schemas/X` → `urn:socialpub:<doc>#/$defs/X`, so schemas compile outside the document. */
function rewriteRefs(value: unknown, docName: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, docName));
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof inner === 'string' && inner.startsWith(COMPONENTS)
        ? `urn:socialpub:${docName}#/$defs/${inner.slice(COMPONENTS.length)}`
        : rewriteRefs(inner, docName);
  }
  return out;
}

function loadDocuments(): Documents {
  const serverUrl = 'http://127.0.0.1:8787';
  const docs = {
    public: buildOpenApiDocument({ serverUrl }),
    admin: buildOpenApiDocument(adminDocumentOptions(() => serverUrl)),
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  for (const [name, doc] of Object.entries(docs)) {
    ajv.addSchema({ $id: `urn:socialpub:${name}`, $defs: rewriteRefs(doc.components.schemas, name) as Json });
  }
  return { ajv, docs, compiled: new Map() };
}

// Kept on globalThis so every test file of a worker reuses the compiled schemas.
const GLOBAL_KEY = Symbol.for('socialpub.contract.documents');
function documents(): Documents {
  const holder = globalThis as unknown as Record<symbol, Documents | undefined>;
  holder[GLOBAL_KEY] ??= loadDocuments();
  return holder[GLOBAL_KEY];
}

export interface Answer {
  method: string;
  /** Path without the query. */
  path: string;
  status: number;
  headers: Headers;
  body: string;
}

interface Located {
  docName: 'public' | 'admin';
  template: string;
  operation: Json | undefined;
  /** Set when a HEAD is checked against the GET of its address (Hono answers HEAD with GET's handler). */
  headOfGet: boolean;
}

function segmentsMatch(template: string, path: string): boolean {
  const want = template.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith('{') || part === got[i]);
}

function locate(method: string, rawPath: string): Located | undefined {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const docName = path.startsWith('/admin/') ? 'admin' : 'public';
  const doc = documents().docs[docName];
  // The most literal template wins (`/api/v2/media/files` before a `{file_id}` one).
  const templates = Object.keys(doc.paths)
    .filter((template) => segmentsMatch(template, path))
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const template = templates[0];
  if (template === undefined) return undefined;
  const item = doc.paths[template] ?? {};
  const lower = method.toLowerCase();
  if (item[lower] === undefined && lower === 'head' && item['get'] !== undefined) {
    return { docName, template, operation: item['get'], headOfGet: true };
  }
  return { docName, template, operation: item[lower], headOfGet: false };
}

function responseFor(operation: Json, status: number): [string, Json] | undefined {
  const responses = (operation['responses'] ?? {}) as Record<string, Json>;
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const response = responses[key];
    if (response !== undefined) return [key, response];
  }
  return undefined;
}

function mediaType(contentType: string | null): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

function validatorFor(docName: string, key: string, schema: unknown): ValidateFunction {
  const { ajv, compiled } = documents();
  const cacheKey = `${docName} ${key}`;
  let validate = compiled.get(cacheKey);
  if (validate === undefined) {
    validate = ajv.compile(rewriteRefs(schema, docName) as Json);
    compiled.set(cacheKey, validate);
  }
  return validate;
}

function checkHeaders(response: Json, answer: Answer, where: string): string[] {
  const problems: string[] = [];
  for (const [name, header] of Object.entries((response['headers'] ?? {}) as Record<string, Json>)) {
    const value = answer.headers.get(name);
    if (value === null) {
      if (header['required'] === true) problems.push(`${where}: header ${name} is required but missing`);
      continue;
    }
    const type = (header['schema'] as Json | undefined)?.['type'];
    if (type === 'integer' && !/^\d+$/.test(value)) {
      problems.push(`${where}: header ${name} "${value}" is not an integer`);
    }
  }
  return problems;
}

function checkBody(response: Json, answer: Answer, where: string, key: string, docName: string): string[] {
  const content = response['content'] as Record<string, Json> | undefined;
  const type = mediaType(answer.headers.get('content-type'));
  const bodyless = answer.method === 'HEAD' || answer.status === 204 || answer.status === 304;
  if (content === undefined || bodyless) {
    if (answer.body !== '') return [`${where}: the document describes no body, but one was sent`];
    // A HEAD names the type its GET would send; an answer described without a body names none.
    if (type !== undefined && content?.[type] === undefined) {
      return [`${where}: no body is described, yet Content-Type ${type} was sent`];
    }
    return [];
  }
  if (type === undefined || content[type] === undefined) {
    return [`${where}: Content-Type ${type ?? '(none)'} is not one of ${Object.keys(content).join(', ')}`];
  }
  const schema = content[type]?.['schema'];
  if (schema === undefined) return [];
  let body: unknown = answer.body;
  if (type.endsWith('json')) {
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
  }
  const validate = validatorFor(docName, `${key} ${type}`, schema);
  if (validate(body)) return [];
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (e) =>
        `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    );
  return [
    `${where}: the body does not match the document: ${errors.join('; ')}; body ${answer.body.slice(0, 400)}`,
  ];
}

/** What the document says about an answer it does not list: an address or method it does not have. */
function checkOutsideDocument(answer: Answer, located: Located | undefined, where: string): string[] {
  // An unknown address answers 404; a method the address does not take answers 405 with Allow
  // (or 204 to OPTIONS with Allow): the document's error tables name both codes.
  if (located === undefined && answer.status === 404) return [];
  if (located !== undefined && answer.status === 405 && answer.headers.get('allow') !== null) return [];
  if (located !== undefined && answer.method === 'OPTIONS' && answer.status === 204) return [];
  return [`${where}: the document has no ${located === undefined ? 'address' : 'operation'} for this answer`];
}

/** Every way the answer disagrees with the document; empty when it agrees or is out of scope. */
export function checkAnswer(answer: Answer): string[] {
  if (isUndocumented(answer.path)) return [];
  // An answer armed through the admin faults API may be any status and code on purpose.
  if (answer.headers.has(FAULT_HEADER)) return [];
  const where = `${answer.method} ${answer.path} → ${answer.status}`;
  const located = locate(answer.method, answer.path);
  if (located?.operation === undefined) return checkOutsideDocument(answer, located, where);
  const found = responseFor(located.operation, answer.status);
  if (found === undefined)
    return [`${where}: status ${answer.status} is not described for ${located.template}`];
  const [statusKey, response] = found;
  const key = `${located.template} ${located.headOfGet ? 'get' : answer.method.toLowerCase()} ${statusKey}`;
  const problems = checkHeaders(response, answer, where);
  problems.push(...checkBody(response, answer, where, key, located.docName));
  return problems;
}
