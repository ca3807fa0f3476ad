import { UPLOADER_CHECKSUMS_FILE_NAME, UPLOADER_FILE_NAMES, type UploaderFileName } from '@socialpub/core';
import { Hono } from 'hono';
import { uploaderAssets } from '../domain/uploads/uploader-assets.js';
import type { AppEnv } from '../http/context.js';
import { notFound } from '../http/error-response.js';

// Versioning: a published version never changes, so caches may keep it.
const HEADERS = {
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'public, max-age=86400, immutable',
};

function isUploaderFile(name: string): name is UploaderFileName {
  return (UPLOADER_FILE_NAMES as readonly string[]).includes(name);
}

/** `{base_url}/uploader/v1/uploader.sh|ps1|mjs` and `SHA256SUMS`, served as plain text. */
export function uploaderScriptRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/:version/:name', (c) => {
    const assets = uploaderAssets();
    const name = c.req.param('name');
    if (c.req.param('version') !== assets.version) return notFound(c);
    if (name === UPLOADER_CHECKSUMS_FILE_NAME) return c.body(assets.checksums, 200, HEADERS);
    const file = isUploaderFile(name) ? assets.files.get(name) : undefined;
    if (!file) return notFound(c);
    return c.body(new Uint8Array(file.bytes), 200, { ...HEADERS, ETag: `"${file.sha256}"` });
  });
  return routes;
}
