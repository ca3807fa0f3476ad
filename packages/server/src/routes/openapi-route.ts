import { Hono } from 'hono';
import type { BuildOpenApiOptions } from '../openapi/build-document.js';

/** How a route gets its document's text, given the module that builds documents. */
export type DocumentSource = (documents: typeof import('./openapi-documents.js')) => string;

/**
 * `GET /openapi.yaml` (reference-server.md, Addresses), or another document at `path` (the admin
 * API's beside it). The document only changes with the code, so it is built on the first request
 * and kept; the code that builds it, and the operations tables it reads, load with that request.
 */
export function createOpenApiRoute(
  options: BuildOpenApiOptions | DocumentSource,
  path = '/openapi.yaml',
): Hono {
  let cached: string | undefined;
  const app = new Hono();
  app.get(path, async (c) => {
    if (cached === undefined) {
      const documents = await import('./openapi-documents.js');
      cached ??= typeof options === 'function' ? options(documents) : documents.documentYaml(options);
    }
    return c.body(cached, 200, { 'Content-Type': 'application/yaml; charset=utf-8' });
  });
  return app;
}
