import type { Context, MiddlewareHandler } from 'hono';
import { digestsEqual, sha256Hex } from '../../domain/secrets.js';
import { CSRF_FIELD } from './csrf-field.js';
import type { DashboardEnv } from './dashboard-env.js';
import { renderErrorPage } from './layout.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the form's `_csrf` field matches this request's token (compared by digest, constant time). */
async function csrfTokenValid(c: Context<DashboardEnv>): Promise<boolean> {
  const expected = c.var.csrfToken;
  if (!expected) return false;
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    return false;
  }
  let presented: unknown;
  try {
    presented = (await c.req.parseBody())[CSRF_FIELD];
  } catch {
    return false;
  }
  return typeof presented === 'string' && digestsEqual(sha256Hex(presented), sha256Hex(expected));
}

/** The 403 page of a form without a valid token; nothing was changed. */
function csrfRefusal(c: Context<DashboardEnv>): Response | Promise<Response> {
  return renderErrorPage(
    c,
    403,
    'This form could not be accepted',
    'The form did not carry a valid security token: it may have been sent from another site, or the ' +
      'page was open from an earlier sign-in. Nothing was changed. Reload the page and send the form again.',
  );
}

/**
 * Every POST (PUT, PATCH, DELETE) under the dashboard must carry the CSRF token of the session (or,
 * signed out, of the `sp_csrf` cookie); otherwise it answers the 403 page and the route never runs.
 */
export function csrfProtection(): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (!(await csrfTokenValid(c))) return csrfRefusal(c);
    return next();
  };
}
