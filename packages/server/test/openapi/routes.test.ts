import { OPERATIONS } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUndocumented } from '../contract/openapi-answers.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

// DESIGN: the public document is generated from core's operations table, so a route without an
// operation (or an operation without a route) is a route the document does not describe.

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

function publicRoutes(): string[] {
  const routes = t.app.routes
    .filter(
      (route) => route.method !== 'ALL' && !route.path.startsWith('/admin') && !isUndocumented(route.path),
    )
    .map((route) => {
      const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      // The storage endpoint's HEAD is Hono's GET handler answering HEAD (TUS has no GET).
      const method = route.method === 'GET' && path.startsWith('/storage/') ? 'HEAD' : route.method;
      return `${method} ${path}`;
    });
  return [...new Set(routes)].sort();
}

describe('the public operations table', () => {
  it('has exactly one operation per public route, on both addresses, and a route per operation', () => {
    const operations = OPERATIONS.flatMap((op) => [
      `${op.method} ${op.path}`,
      ...(op.legacyPath === undefined ? [] : [`${op.method} ${op.legacyPath}`]),
    ]).sort();
    expect(publicRoutes()).toEqual(operations);
  });
});
