import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from './child-server.mjs';
import { freePort } from './free-port.mjs';

const PRISM = fileURLToPath(
  new URL('../../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url),
);

/**
 * `prism mock` (a devDependency of this workspace) serving socialpub's own OpenAPI document, as
 * served by a running socialpub at `socialpubUrl`; it runs offline (the document is a local file).
 * Logging is set to `warn`: at its default `info` Prism writes five lines per request, and the
 * comparison should not be won on Prism's logging. Resolves with a child server like any other.
 */
export async function startPrism(socialpubUrl, dir) {
  const document = join(dir, 'openapi.yaml');
  const res = await fetch(`${socialpubUrl}/openapi.yaml`);
  if (!res.ok) throw new Error(`GET /openapi.yaml answered ${res.status}`);
  writeFileSync(document, await res.text());
  const port = await freePort();
  return startChildServer(PRISM, {
    args: ['mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'warn', document],
    pollUrl: `http://127.0.0.1:${port}/health`,
  });
}
