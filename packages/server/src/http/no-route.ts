import { apiError } from '@socialpub/core';
import type { Context } from 'hono';
import type { AppEnv } from './context.js';
import { errorResponse, notFound } from './error-response.js';
import type { RouteHandler } from './route-chain.js';

/** The order `Allow` names methods in; HEAD is left out (Hono answers it as GET). */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const TAKES_OPTIONS = Symbol('socialpub.takesOptions');

/** An address's methods as its `Allow` header names them. */
export function allowHeader(methods: readonly string[]): string {
  return methods
    .filter((method) => method !== 'HEAD')
    .sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
    .join(', ');
}

/**
 * Marks a read that also takes OPTIONS ("Allow: GET, OPTIONS"): OPTIONS there answers 204 with the
 * header. A mark on the route, not a route: OPTIONS is no operation of the API document.
 */
export function takesOptions<H extends RouteHandler>(handler: H): H {
  return Object.assign(handler, { [TAKES_OPTIONS]: true });
}

export function takesOptionsAt(handler: RouteHandler): boolean {
  return (handler as { [TAKES_OPTIONS]?: boolean })[TAKES_OPTIONS] === true;
}

/**
 * The answer to a request no route takes: with `allowed` (the address's methods, for an area that
 * answers 405), the catalog's `method_not_allowed` and `Allow` (the older addresses rename the code
 * as they do every refusal), or 204 to an OPTIONS the address takes; else 404 `not_found`.
 */
export function answerNoRoute(c: Context<AppEnv>, allowed: readonly string[]): Response {
  const method = c.req.method;
  if (allowed.length === 0 || (allowed.includes(method) && method !== 'OPTIONS'))
    return notFound(c) as Response;
  const allow = allowHeader(allowed);
  if (method === 'OPTIONS' && allowed.includes('OPTIONS')) return c.body(null, 204, { Allow: allow });
  const err = apiError('method_not_allowed', `${method} is not allowed here. Allowed: ${allow}.`);
  return errorResponse(c, err, { Allow: allow });
}
