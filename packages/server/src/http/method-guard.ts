import { apiError } from '@socialpub/core';
import type { Hono } from 'hono';
import type { AppEnv } from './context.js';
import { errorResponse } from './error-response.js';

/**
 * Every known address with its methods. Mounted after the feature routes: a method that reached
 * here has no handler, so it answers 405 `method_not_allowed` with an `Allow` header. Reads exist
 * on /api/v2 only; the older addresses answer GET with 405 ("Endpoints"). OPTIONS on a read
 * answers 204 with the same Allow header.
 */
export const KNOWN_ADDRESSES: ReadonlyArray<{ path: string; allow: readonly string[] }> = [
  { path: '/api/v2/accounts', allow: ['GET', 'OPTIONS'] },
  { path: '/api/v2/accounts/:id/options', allow: ['GET', 'OPTIONS'] },
  { path: '/api/v2/posts', allow: ['GET', 'POST'] },
  { path: '/api/v2/posts/:id', allow: ['GET', 'DELETE'] },
  { path: '/api/v2/media', allow: ['GET', 'POST'] },
  { path: '/api/v2/media/files', allow: ['GET'] },
  { path: '/api/v2/media/uploads', allow: ['POST'] },
  { path: '/api/v2/media/uploads/:file_id', allow: ['DELETE'] },
  { path: '/api/v2/media/uploads/:file_id/token', allow: ['POST'] },
  { path: '/api/v2/media/uploads/:file_id/complete', allow: ['POST'] },
  { path: '/legacy/posts', allow: ['POST'] },
  { path: '/legacy/posts/:id', allow: ['DELETE'] },
  { path: '/legacy/media', allow: ['POST'] },
];

export function mountMethodGuards(app: Hono<AppEnv>): void {
  for (const { path, allow } of KNOWN_ADDRESSES) {
    const header = allow.join(', ');
    app.all(path, (c) => {
      if (c.req.method === 'OPTIONS' && allow.includes('OPTIONS')) {
        return c.body(null, 204, { Allow: header });
      }
      const err = apiError('method_not_allowed', `${c.req.method} is not allowed here. Allowed: ${header}.`);
      return errorResponse(c, err, { Allow: header });
    });
  }
}
