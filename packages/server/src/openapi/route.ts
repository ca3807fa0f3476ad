import { Hono } from 'hono';
import { type BuildOpenApiOptions, buildOpenApiDocument } from './build-document.js';
import { toYaml } from './to-yaml.js';

/**
 * `GET /openapi.yaml` (reference-server.md, Addresses), or another document at `path` (the admin
 * API's beside it). The document only changes with the code, so it is built on the first request
 * and kept.
 */
export function createOpenApiRoute(options: BuildOpenApiOptions, path = '/openapi.yaml'): Hono {
  let cached: string | undefined;
  const app = new Hono();
  app.get(path, (c) => {
    cached ??= toYaml(buildOpenApiDocument(options));
    return c.body(cached, 200, { 'Content-Type': 'application/yaml; charset=utf-8' });
  });
  return app;
}
