import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { randomToken } from '../../domain/secrets.js';
import type { Services } from '../../services.js';
import { isTimeZone } from '../time-zone.js';
import {
  clearCookie,
  cookieOptions,
  readCookie,
  SESSION_COOKIE,
  SIGNED_OUT_CSRF_COOKIE,
  TIME_ZONE_COOKIE,
  writeCookie,
} from './cookies.js';
import type { DashboardEnv, SignedIn } from './dashboard-env.js';
import { signInUrl } from './safe-next.js';
import { endSession, resumeSession, SESSION_MAX_SECONDS, startSession } from './sessions.js';

/**
 * Loads the session of the `sp_session` cookie into `c.var.signedIn` (null when signed out or
 * expired), sets `c.var.csrfToken` (the session's, or a signed-out `sp_csrf` cookie's) and
 * `c.var.timeZone` (the account's setting, else the browser's zone its cookie names, else UTC).
 * Pages are never cached and never framed.
 */
export function dashboardSession(services: Services): MiddlewareHandler<DashboardEnv> {
  const base = () => services.urls.base;
  // Lives as long as the process: after a restart a signed-out form is simply reloaded.
  const cookieSecret = randomToken(32);
  return async (c, next) => {
    const id = readCookie(c, SESSION_COOKIE);
    const signedIn = id ? resumeSession(services.repos, services.clocks, id) : null;
    if (id && !signedIn) clearCookie(c, SESSION_COOKIE, base());
    let csrfToken = signedIn?.session.csrfSecret;
    if (!csrfToken) {
      // Signed by this server (hono/cookie's HMAC helpers): a cookie planted by someone else, with
      // a form field to match, is not one it issued and is replaced, so the form is refused.
      const issued = await getSignedCookie(c, cookieSecret, SIGNED_OUT_CSRF_COOKIE);
      csrfToken = typeof issued === 'string' && /^[A-Za-z0-9_-]{43}$/.test(issued) ? issued : undefined;
      if (!csrfToken) {
        csrfToken = randomToken(32);
        await setSignedCookie(c, SIGNED_OUT_CSRF_COOKIE, csrfToken, cookieSecret, cookieOptions(base()));
      }
    }
    c.set('signedIn', signedIn);
    c.set('csrfToken', csrfToken);
    const own = signedIn?.account.timeZone;
    const browser = getCookie(c, TIME_ZONE_COOKIE);
    const fromBrowser = !isTimeZone(own);
    c.set('timeZone', isTimeZone(own) ? own : isTimeZone(browser) ? browser : 'UTC');
    c.set('timeZoneFromBrowser', fromBrowser);
    c.set('pageNow', signedIn ? services.clocks.forAccount(signedIn.account.id).now() : services.clock.now());
    c.header('Cache-Control', 'no-store');
    c.header('X-Frame-Options', 'DENY');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Content-Type-Options', 'nosniff');
    await next();
  };
}

/** Path and query of the request, for `?next=`. */
function pathAndQuery(c: Context): string {
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/**
 * Pages for signed-in people only. Signed out (or expired), a GET is sent with 303 to
 * `/dashboard/sign-in?next=<path and query>`. A form post is not replayed after sign-in (nothing
 * of it is done); its `next` is the Overview.
 */
export function requireSignIn(): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    if (c.var.signedIn) return next();
    const next_ = c.req.method === 'GET' || c.req.method === 'HEAD' ? pathAndQuery(c) : '/dashboard';
    // A session cookie that no longer resumes a session: tell the person their session ended.
    const ended = readCookie(c, SESSION_COOKIE) !== undefined ? '&ended=1' : '';
    return c.redirect(`${signInUrl(next_)}${ended}`, 303);
  };
}

/** The signed-in person of a page behind `requireSignIn` (throws if used elsewhere: a programming error). */
export function signedIn(c: Context<DashboardEnv>): SignedIn {
  const found = c.var.signedIn;
  if (!found) throw new Error('signedIn() used on a page without requireSignIn().');
  return found;
}

/** Starts a new session for the account (a fresh id on every sign-in) and sets `sp_session`. */
export function signInAs(c: Context<DashboardEnv>, services: Services, accountId: string): void {
  const started = startSession(services.repos, services.clocks, accountId);
  clearCookie(c, SIGNED_OUT_CSRF_COOKIE, services.urls.base);
  writeCookie(c, SESSION_COOKIE, started.id, cookieOptions(services.urls.base, SESSION_MAX_SECONDS));
}

/** Ends the request's session (its row is deleted) and clears the cookie. */
export function signOut(c: Context<DashboardEnv>, services: Services): void {
  const id = readCookie(c, SESSION_COOKIE);
  if (id) endSession(services.repos, id);
  clearCookie(c, SESSION_COOKIE, services.urls.base);
}
