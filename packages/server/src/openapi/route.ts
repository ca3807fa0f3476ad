import { Hono } from 'hono';
import { type BuildOpenApiOptions, buildOpenApiDocument } from './build-document.js';
import { toYaml } from './to-yaml.js';

/**
 * `GET /openapi.yaml` (reference-server.md, Addresses). The document only changes with the code, so
 * it is built on the first request and kept.
 */
export function createOpenApiRoute(options: BuildOpenApiOptions): Hono {
  let cached: string | undefined;
  const app = new Hono();
  app.get('/openapi.yaml', (c) => {
    cached ??= toYaml(buildOpenApiDocument(options));
    return c.body(cached, 200, { 'Content-Type': 'application/yaml; charset=utf-8' });
  });
  return app;
}
