import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ERROR_CATALOG } from '../errors/error-catalog.js';
import { ERROR_CODES } from '../errors/error-codes.js';
import { allowedMethods, findOperation, OPERATIONS } from './operations.js';

const requestParts = OPERATIONS.flatMap((op) =>
  (['body', 'query', 'params', 'headers'] as const).flatMap((part) => {
    const schema = op.request[part];
    return schema === undefined ? [] : [[`${op.operationId} ${part}`, schema] as const];
  }),
);

const responseParts = OPERATIONS.flatMap((op) =>
  Object.entries(op.responses).flatMap(([status, response]) =>
    response.schema === undefined ? [] : [[`${op.operationId} ${status}`, response.schema] as const],
  ),
);

describe('OPERATIONS', () => {
  it.each(OPERATIONS.map((op) => [op.operationId, op] as const))(
    '%s lists 421 misdirected_request',
    (_id, op) => {
      expect(op.errorsByStatus[421]).toEqual(['misdirected_request']);
      expect(op.responses[421]?.schema).toBeDefined();
    },
  );

  it('has unique operation ids and unique method and path pairs', () => {
    const ids = OPERATIONS.map((op) => op.operationId);
    const routes = OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each([
    ['GET', '/api/v2/accounts'],
    ['GET', '/api/v2/accounts/{id}/options'],
    ['POST', '/api/v2/posts'],
    ['GET', '/api/v2/posts'],
    ['GET', '/api/v2/posts/{id}'],
    ['DELETE', '/api/v2/posts/{id}'],
    ['POST', '/api/v2/media'],
    ['GET', '/api/v2/media'],
    ['GET', '/api/v2/media/files'],
    ['POST', '/api/v2/media/uploads'],
    ['POST', '/api/v2/media/uploads/{file_id}/token'],
    ['POST', '/api/v2/media/uploads/{file_id}/complete'],
    ['DELETE', '/api/v2/media/uploads/{file_id}'],
    ['OPTIONS', '/storage/uploads/{file_id}'],
    ['HEAD', '/storage/uploads/{file_id}'],
    ['PATCH', '/storage/uploads/{file_id}'],
    ['GET', '/health'],
    ['GET', '/openapi.yaml'],
  ])('covers %s %s', (method, path) => {
    expect(OPERATIONS.some((op) => op.method === method && op.path === path)).toBe(true);
  });

  it.each(OPERATIONS.map((op) => [op.operationId, op] as const))(
    '%s has error codes, a success answer and retry advice',
    (_id, op) => {
      expect(op.errorCodes.length).toBeGreaterThan(0);
      expect(Object.keys(op.responses).some((status) => Number(status) < 300)).toBe(true);
      expect(op.retry.length).toBeGreaterThan(0);
    },
  );

  it('lists only codes of the error catalog, each once per operation', () => {
    for (const op of OPERATIONS) {
      expect(new Set(op.errorCodes).size).toBe(op.errorCodes.length);
      for (const code of op.errorCodes) expect(ERROR_CODES).toContain(code);
      expect([...op.errorCodes].sort()).toEqual([...new Set(Object.values(op.errorsByStatus).flat())].sort());
    }
  });

  // apiError throws for a status the catalog does not give, so the two tables must agree.
  it.each(
    OPERATIONS.flatMap((op) =>
      Object.entries(op.errorsByStatus).flatMap(([status, codes]) =>
        codes.map((code) => [op.operationId, Number(status), code] as const),
      ),
    ),
  )('%s answers %s %s with a status the error catalog documents', (_id, status, code) => {
    expect(ERROR_CATALOG[code].statuses).toContain(status);
  });

  // The OpenAPI document lists an operation's codes by its body family: a code the catalog does not
  // give that family would be missing from the document.
  it.each(
    OPERATIONS.flatMap((op) => op.errorCodes.map((code) => [op.operationId, op.errorFamily, code] as const)),
  )('%s (%s body) answers %s in a family the error catalog documents', (_id, family, code) => {
    expect(ERROR_CATALOG[code].families).toContain(family);
  });

  it('gives every error status a response with a body schema', () => {
    for (const op of OPERATIONS) {
      for (const status of Object.keys(op.errorsByStatus)) {
        expect(op.responses[Number(status)]?.schema, `${op.operationId} ${status}`).toBeDefined();
      }
    }
  });

  it.each([
    ['POST', '/legacy/posts', 'createPost'],
    ['DELETE', '/legacy/posts/abc', 'cancelPost'],
    ['POST', '/legacy/media', 'importMedia'],
    ['GET', '/api/v2/posts/abc', 'getPost'],
    ['PATCH', '/storage/uploads/abc', 'storagePatch'],
  ] as const)('finds %s %s as %s', (method, path, operationId) => {
    expect(findOperation(method, path)?.operationId).toBe(operationId);
  });

  it('answers GET on an older address with no operation (405)', () => {
    expect(findOperation('GET', '/legacy/posts')).toBeUndefined();
    expect(allowedMethods('/legacy/posts')).toEqual(['POST']);
  });

  it('names the methods of an address for the Allow header', () => {
    expect(allowedMethods('/api/v2/posts').sort()).toEqual(['GET', 'POST']);
  });
});

describe('storage operations', () => {
  const patch = OPERATIONS.find((op) => op.operationId === 'storagePatch');
  const head = OPERATIONS.find((op) => op.operationId === 'storageHead');

  // What the reference server's storage endpoint answers (packages/server/src/tus).
  it.each<[number, string]>([
    [400, 'invalid_request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'media_not_found'],
    [409, 'upload_already_received'],
    [409, 'upload_offset_mismatch'],
    [410, 'upload_expired'],
    [410, 'upload_closed'],
    [412, 'tus_version_unsupported'],
    [413, 'media_too_large'],
    [415, 'unsupported_media_type'],
    [423, 'upload_locked'],
    [500, 'server_error'],
  ])('lists %s %s for PATCH', (status, code) => {
    expect(patch?.errorsByStatus[status]).toContain(code);
    expect(patch?.responses[status]?.schema).toBeDefined();
  });

  it('lists no code for PATCH at a status the endpoint never answers it with', () => {
    expect(patch?.errorsByStatus[409]).not.toContain('upload_closed');
    expect(patch?.errorsByStatus[409]).not.toContain('invalid_request');
    expect(patch?.errorsByStatus[503]).toBeUndefined();
  });

  it('lists no byte-writing refusals for HEAD', () => {
    for (const status of [400, 409, 413, 415, 423]) expect(head?.errorsByStatus[status]).toBeUndefined();
    expect(head?.errorsByStatus[412]).toEqual(['tus_version_unsupported']);
  });
});

describe('JSON Schema of every schema the operations reference', () => {
  it.each(requestParts)('%s converts as input', (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    expect(typeof json).toBe('object');
  });

  it.each(responseParts)('%s converts as output without unrepresentable parts', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it('documents media fields of a post as lists of strings', () => {
    const createPost = OPERATIONS.find((op) => op.operationId === 'createPost');
    const json = JSON.stringify(z.toJSONSchema(createPost?.request.body ?? z.never(), { io: 'input' }));
    expect(json).toContain('"mediaID":{"description":"File ids of ready library files.","type":"array"');
  });
});
