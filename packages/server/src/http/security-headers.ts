import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The Content-Security-Policy of every dashboard and OAuth page: scripts, styles and images only
 * from the server's own assets (`/dashboard/assets/...`), no inline `<script>`, `style=` or `on...=`
 * attributes, no plugins, no `<base>`, never framed. `form-action` is left open on purpose: the
 * consent form's answer is a redirect to the app's own redirect URI, which browsers check
 * against form-action.
 */
const PAGE_CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  connectSrc: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * Hono's secure-headers middleware for the HTML pages (dashboard, consent, authorization errors).
 * A header a page set itself (its own Referrer-Policy) is kept. Not sent: HSTS (the server is
 * often plain http on loopback) and Cross-Origin-Opener-Policy (an AI app that opened the sign-in
 * in a pop-up keeps its handle on it).
 */
export function pageSecurityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: PAGE_CONTENT_SECURITY_POLICY,
    xFrameOptions: 'DENY',
    referrerPolicy: 'same-origin',
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    overwrite: false,
  });
}

/**
 * `X-Content-Type-Options: nosniff` on every answer (API JSON, `/files/...`, uploads, assets):
 * a browser then never runs a kept file or an answer as a type other than the one it was sent as.
 */
export function noSniff(): MiddlewareHandler {
  // No async frame of its own: the front door keeps every request's pre-dispatch synchronous.
  return (c, next) =>
    next().then(() => {
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    });
}
