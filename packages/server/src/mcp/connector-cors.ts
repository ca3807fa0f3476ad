import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../http/context.js';
import { requestBase } from '../http/host-check.js';
import type { Services } from '../services.js';
import { originAllowed } from './mcp-guards.js';

/**
 * CORS for the addresses a browser-based MCP client calls: `/mcp`, the OAuth endpoints and both
 * discovery documents. An allowed origin (the server's own, a loopback page, or one the operator
 * listed) gets the preflight's 204 with the headers MCP needs; any other origin gets no CORS
 * header at all, so the browser keeps the answer from the page.
 */
export function connectorCors(services: Services, listed: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = cors({
    origin: (origin) => origin,
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'authorization',
      'content-type',
      'mcp-protocol-version',
      'mcp-session-id',
      'last-event-id',
      'mcp-method',
      'mcp-name',
    ],
    exposeHeaders: ['www-authenticate', 'mcp-session-id', 'mcp-protocol-version'],
    maxAge: 600,
  });
  return async (c, next) => {
    const origin = c.req.header('origin');
    const own = [requestBase(c, services), services.urls.base];
    if (origin !== undefined && origin !== '' && originAllowed(origin, own, listed)) return allowed(c, next);
    // A preflight from an origin not allowed: answered, with nothing that lets the browser go on.
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      return c.body(null, 204, { Vary: 'Origin' });
    }
    return next();
  };
}
