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
 * Whether the browser says the form came from a page of another origin: an `Origin` that is not
 * the server's own (`null` included), or, without one, `Sec-Fetch-Site: cross-site`. The token
 * alone cannot tell: a page on another port of the same host may plant a cookie and token someone
 * fetched for themselves (login CSRF).
 */
function sentFromElsewhere(c: Context<DashboardEnv>, ownOrigin: string): boolean {
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin !== ownOrigin;
  return c.req.header('sec-fetch-site') === 'cross-site';
}

function originRefusal(c: Context<DashboardEnv>, ownOrigin: string): Response | Promise<Response> {
  return renderErrorPage(
    c,
    403,
    'This form could not be accepted',
    `The form was sent from another site, not from a page of ${ownOrigin}. Nothing was changed. ` +
      'Open the dashboard yourself and send the form from there.',
  );
}

/**
 * Every POST (PUT, PATCH, DELETE) under the dashboard, the OAuth consent form included, must come
 * from a page of the server's own origin (`ownBase` gives the request's `{base_url}`) and carry the
 * CSRF token of the session (or, signed out, of the `sp_csrf` cookie); otherwise it answers the 403
 * page and the route never runs.
 */
export function csrfProtection(
  ownBase: (c: Context<DashboardEnv>) => string,
): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const ownOrigin = new URL(ownBase(c)).origin;
    if (sentFromElsewhere(c, ownOrigin)) return originRefusal(c, ownOrigin);
    if (!(await csrfTokenValid(c))) return csrfRefusal(c);
    return next();
  };
}
