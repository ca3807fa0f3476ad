import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { apiError } from '@socialpub/core';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';

/**
 * `{base_url}/files/{file_id}/{file_name}` (reference-server.md, Addresses): a kept file is public
 * at its exact address, without a key; 404 before it is ready (private) and once it left the
 * library. Range requests are answered from the file on disk, streamed.
 */
type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/** One `bytes=` range; anything else is ignored and the whole file is sent (RFC 9110, 14.2). */
function parseRange(header: string | undefined, total: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(from);
  const end = to === '' ? total - 1 : Math.min(Number(to), total - 1);
  if (start >= total || end < start) return 'unsatisfiable';
  return { start, end };
}

export function publicFilesRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/files/:fileId/:fileName', async (c) => {
    const notFound = () => apiError('not_found', 'No such file.');
    const file = services.repos.mediaImports.get(c.req.param('fileId').toLowerCase());
    // Upload-link files become public by reaching `ready` through their own engineer's code.
    if (file?.status !== 'ready' || !file.storagePath) throw notFound();
    if (file.fileName !== c.req.param('fileName')) throw notFound();
    const path = services.mediaFolder.pathOf(file.storagePath);
    const total = await stat(path).then(
      (info) => info.size,
      () => null,
    );
    if (total === null) throw notFound();
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'public, max-age=300',
    };
    const range = parseRange(c.req.header('range'), total);
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${total}` });
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? total - 1;
    headers['Content-Length'] = String(Math.max(0, end - start + 1));
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${total}`;
    const status = range ? 206 : 200;
    if (c.req.method === 'HEAD' || total === 0) return c.body(null, status, headers);
    const stream = Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;
    return c.body(stream, status, headers);
  });
  return routes;
}
