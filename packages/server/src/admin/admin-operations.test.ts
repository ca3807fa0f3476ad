import SwaggerParser from '@apidevtools/swagger-parser';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type TestApp, testApp } from '../../test/helpers/test-app.js';
import { buildOpenApiDocument } from '../openapi/build-document.js';
import { ADMIN_OPENAPI_PATH, adminDocumentOptions } from './admin-document.js';
import { ADMIN_OPERATIONS } from './admin-operations.js';
import { adminApp } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** `/accounts/:account_id` → `/accounts/{account_id}`, as the table writes paths. */
function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z_]+)/g, '{$1}');
}

/** The admin API's routes as the main app mounts them at its first admin request, and its own document. */
function adminRoutes(): string[] {
  const admin = new Hono().route('/admin/v1', adminApp(t.services, 'a token hash'));
  const routes = [...admin.routes, ...t.app.routes]
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/admin'))
    .map((route) => `${route.method} ${openApiPath(route.path)}`);
  return [...new Set(routes)].sort();
}

describe('the admin operations table', () => {
  it('has exactly one operation per admin route, and a route per operation', () => {
    const operations = ADMIN_OPERATIONS.map((op) => `${op.method} ${op.path}`).sort();
    expect(adminRoutes()).toEqual(operations);
  });

  it('has unique operation ids', () => {
    const ids = ADMIN_OPERATIONS.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('builds a valid OpenAPI 3.1 document with the admin token as its security', async () => {
    const doc = buildOpenApiDocument(adminDocumentOptions(() => 'http://127.0.0.1:8787'));
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const create = doc.paths['/admin/v1/accounts']?.['post'];
    expect(create?.['security']).toEqual([{ admin: [] }]);
    expect(JSON.stringify(create?.['requestBody'])).toContain('x_addon');
    expect(doc['x-error-catalog']).toBeUndefined();
  });
});

describe('GET /admin/openapi.yaml', () => {
  it('answers the admin document without the admin token', async () => {
    const res = await t.app.request(ADMIN_OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/yaml/);
    const doc = parse(await res.text()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/admin/v1/profiles/{profile_id}/networks/{platform}');
  });
});
