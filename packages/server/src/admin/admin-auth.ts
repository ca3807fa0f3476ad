import { apiError } from '@socialpub/core';
import type { MiddlewareHandler } from 'hono';
import { bearerToken } from '../domain/api-keys.js';
import { digestsEqual, sha256Hex } from '../domain/secrets.js';
import type { AppEnv } from '../http/context.js';

/** `Authorization: Bearer <ADMIN_TOKEN>`, compared by digest in constant time. */
export function adminAuth(adminTokenHash: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const presented = bearerToken(c.req.header('authorization'));
    if (presented === null || !digestsEqual(sha256Hex(presented), adminTokenHash)) {
      throw apiError('unauthorized', 'Send the admin token as "Authorization: Bearer <ADMIN_TOKEN>".');
    }
    await next();
  };
}
