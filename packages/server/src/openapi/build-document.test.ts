import SwaggerParser from '@apidevtools/swagger-parser';
import { ERROR_CATALOG, OPERATIONS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildOpenApiDocument, type OpenApiDocument } from './build-document.js';
import { toYaml } from './to-yaml.js';

const SERVER_URL = 'http://127.0.0.1:8787';
const doc: OpenApiDocument = buildOpenApiDocument({ serverUrl: SERVER_URL });

function operationsOf(document: OpenApiDocument): Record<string, unknown>[] {
  return Object.values(document.paths).flatMap((item) => Object.values(item));
}

function responseErrorCodes(document: OpenApiDocument): Set<string> {
  const codes = new Set<string>();
  for (const operation of operationsOf(document)) {
    const responses = (operation['responses'] ?? {}) as Record<string, Record<string, unknown>>;
    for (const response of Object.values(responses)) {
      for (const code of (response['x-error-codes'] ?? []) as string[]) codes.add(code);
    }
  }
  return codes;
}

describe('buildOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('names the server address it was built for', () => {
    expect(doc.servers).toEqual([{ url: SERVER_URL }]);
  });

  it.each(OPERATIONS.map((op) => [op.operationId, op.method, op.path] as const))(
    'describes %s as %s %s',
    (operationId, method, path) => {
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation?.['operationId']).toBe(operationId);
    },
  );

  it.each([
    ['/legacy/posts', 'post'],
    ['/legacy/media', 'post'],
    ['/legacy/posts/{id}', 'delete'],
  ])('describes the older address %s (%s)', (path, method) => {
    const operation = doc.paths[path]?.[method];
    expect(operation?.['x-older-address']).toBe(true);
    expect(String(operation?.['operationId'])).toMatch(/Legacy$/);
  });

  // Found with Prism as a validating proxy: the document must describe what the server answers.
  const codesAt = (path: string, method: string, status: string): string[] => {
    const responses = doc.paths[path]?.[method]?.['responses'] as Record<string, Record<string, unknown>>;
    return (responses[status]?.['x-error-codes'] ?? []) as string[];
  };

  it.each([
    ['/legacy/posts', 'post', '401'],
    ['/legacy/posts', 'post', '400'],
    ['/legacy/posts', 'post', '405'],
    ['/legacy/posts/{id}', 'delete', '401'],
    ['/legacy/posts/{id}', 'delete', '405'],
  ])('lets the older address %s (%s) answer %s api_error', (path, method, status) => {
    expect(codesAt(path, method, status)).toContain('api_error');
  });

  it('keeps api_error off the current address DELETE 401 and the older DELETE 400 bad_request', () => {
    expect(codesAt('/api/v2/posts/{id}', 'delete', '401')).toEqual(['unauthorized']);
    expect(codesAt('/legacy/posts/{id}', 'delete', '400')).toEqual(['bad_request']);
  });

  it('allows any status and code a network passes on for POST /posts, on both addresses', () => {
    for (const path of ['/api/v2/posts', '/legacy/posts']) {
      const responses = doc.paths[path]?.['post']?.['responses'] as Record<string, Record<string, unknown>>;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['4XX', '5XX']));
      expect(JSON.stringify(responses['403']?.['content'])).toContain('A code a network passed on.');
    }
  });

  it('declares the tus PATCH body as application/offset+octet-stream', () => {
    const patch = doc.paths['/storage/uploads/{file_id}']?.['patch'];
    const body = patch?.['requestBody'] as { content: Record<string, unknown> };
    expect(Object.keys(body.content)).toEqual(['application/offset+octet-stream']);
  });

  it('describes HEAD answers without a body', () => {
    const head = doc.paths['/storage/uploads/{file_id}']?.['head'];
    const responses = head?.['responses'] as Record<string, Record<string, unknown>>;
    for (const response of Object.values(responses)) expect(response['content']).toBeUndefined();
  });

  it('lists every code of the error catalog in some error answer of some operation', () => {
    const listed = responseErrorCodes(doc);
    // The admin API's own codes (`adminOnly`) have no operation: the document does not describe it.
    const missing = Object.values(ERROR_CATALOG)
      .filter((entry) => entry.adminOnly !== true && !listed.has(entry.code))
      .map((entry) => entry.code);
    expect(missing).toEqual([]);
  });

  it('limits error.code of each error answer to the codes of that status', () => {
    const post = doc.paths['/api/v2/posts']?.['post'];
    const responses = post?.['responses'] as Record<string, Record<string, unknown>>;
    const answer409 = responses['409'];
    expect(answer409?.['x-error-codes']).toEqual(
      expect.arrayContaining(['media_processing', 'idempotency_in_progress']),
    );
    const schema = JSON.stringify(answer409?.['content']);
    expect(schema).toContain('"enum"');
    expect(schema).toContain('media_processing');
    expect(String(answer409?.['description'])).toContain('`media_processing`');
  });

  it('gives every operation a retry table as x-retry and as markdown', () => {
    for (const operation of operationsOf(doc)) {
      const rows = operation['x-retry'] as { situation: string; action: string }[];
      expect(Array.isArray(rows)).toBe(true);
      if (rows.length > 0) {
        expect(String(operation['description'])).toContain('| situation | action |');
        expect(String(operation['description'])).toContain(rows[0]?.situation.replace(/\|/g, '\\|'));
      }
    }
  });

  it('declares the two ways to sign in it uses (the admin token is in the admin document)', () => {
    expect(doc.components.securitySchemes['apiKey']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes['uploadToken']).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-signature',
    });
    expect(doc.components.securitySchemes['admin']).toBeUndefined();
  });

  it('keeps only components that the paths reach, and every $ref resolves', () => {
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string);
    for (const ref of refs) expect(doc.components.schemas[ref]).toBeDefined();
    for (const id of Object.keys(doc.components.schemas)) expect(refs).toContain(id);
  });

  it('round-trips through YAML', () => {
    expect(parse(toYaml(doc))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
