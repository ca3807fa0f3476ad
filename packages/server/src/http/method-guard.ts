import { apiError } from '@socialpub/core';
import type { Hono, MiddlewareHandler } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { AppEnv } from './context.js';
import { errorResponse } from './error-response.js';

/** The order `Allow` names methods in; HEAD is left out (Hono answers it as GET). */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** An address's methods as its `Allow` header names them, derived from the registered routes. */
export function allowHeader(methods: readonly string[]): string {
  return methods
    .filter((method) => method !== 'HEAD')
    .sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
    .join(', ');
}

/**
 * Marks a read that also takes OPTIONS ("Allow: GET, OPTIONS"): the guard answers OPTIONS there with
 * 204 and the header. Middleware, not a route: OPTIONS is no operation of the API document.
 */
export const takesOptions: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('takesOptions', true);
  await next();
};

/**
 * A method an API address does not take answers 405 `method_not_allowed` with `Allow`, from the
 * catalog (the older addresses rename the code as they do every refusal). Hono derives the methods
 * from the routes registered on `app`, so a new route needs no list kept beside it.
 */
export function mountMethodGuards(app: Hono<AppEnv>): void {
  const guard = methodNotAllowed<AppEnv>({
    app,
    onMethodNotAllowed: (c, methods) => {
      const options = c.get('takesOptions') === true;
      const allow = allowHeader(options ? [...methods, 'OPTIONS'] : methods);
      if (options && c.req.method === 'OPTIONS') return c.body(null, 204, { Allow: allow });
      const err = apiError('method_not_allowed', `${c.req.method} is not allowed here. Allowed: ${allow}.`);
      return errorResponse(c, err, { Allow: allow });
    },
  });
  app.use('/api/v2/*', guard);
  app.use('/legacy/*', guard);
}
