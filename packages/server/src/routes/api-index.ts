import type { ApiIndex } from '@socialpub/core';
import { Hono } from 'hono';
import { ADMIN_OPENAPI_PATH } from '../admin/admin-document-path.js';
import type { AppEnv } from '../http/context.js';

/** The index at `{base_url}/api/v2`, the address the start banner prints for the API. */
export function apiIndex(base: string): ApiIndex {
  return {
    name: 'Social Publishing API v2',
    authentication: `Send your API key as "Authorization: Bearer <API_KEY>" with every request below ${base}/api/v2/.`,
    documents: { openapi: `${base}/openapi.yaml`, admin_openapi: `${base}${ADMIN_OPENAPI_PATH}` },
    addresses: { mcp: `${base}/mcp`, dashboard: `${base}/dashboard`, health: `${base}/health` },
  };
}

/** `GET /api/v2`: no key needed, each address in the name the request used. */
export function apiIndexRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/api/v2', (c) => c.json(apiIndex(c.var.baseUrl)));
}
