import type { Context, MiddlewareHandler } from 'hono';
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

/** The name `finishWithNoSniff` gives the length it adds last to a carrying answer's header object. */
export const ADDED_CONTENT_LENGTH = 'Content-Length';

/**
 * The plain header object of a JSON answer carrying nosniff (and `Cache-Control` when given), its
 * names in the order a Headers object sends them (lower case, by name).
 */
export function noSniffJsonHeaders(cacheControl?: string): Record<string, string | number> {
  return cacheControl === undefined
    ? { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' }
    : {
        'cache-control': cacheControl,
        'content-type': 'application/json',
        'x-content-type-options': 'nosniff',
      };
}

/** Set on an answer made with `X-Content-Type-Options: nosniff` in its own plain header object. */
const CARRIES_NO_SNIFF = Symbol('carries nosniff');

interface CarryingNoSniff extends Response {
  [CARRIES_NO_SNIFF]?: { headers: Record<string, string | number>; body: string };
}

/**
 * A JSON answer that carries `X-Content-Type-Options: nosniff` from its making (and
 * `Cache-Control` when given). Its header object is a plain one in the order a Headers object
 * sends names in (lower case, by name), so the answer goes to the socket byte for byte as one whose
 * header was added afterwards, without the Headers object that adding it builds (which costs more
 * than the rest of a read's answer).
 */
export function jsonAnswerWithNoSniff(json: string, status: number, cacheControl?: string): Response {
  const headers = noSniffJsonHeaders(cacheControl);
  // The listener sends a plain object's values as they are; Content-Length is added as a number.
  const answer: CarryingNoSniff = new Response(json, { status, headers: headers as Record<string, string> });
  answer[CARRIES_NO_SNIFF] = { headers, body: json };
  return answer;
}

/**
 * `X-Content-Type-Options: nosniff` on the answer in `c.res` (API JSON, `/files/...`, uploads,
 * assets): a browser then never runs a kept file or an answer as a type other than the one it was
 * sent as. An answer made by `jsonAnswerWithNoSniff` has it already and gets its Content-Length
 * last, where the listener puts it for a Headers object's answer (a HEAD answer names none).
 */
export function finishWithNoSniff(c: Context): void {
  const answer: CarryingNoSniff = c.res;
  const carrying = answer[CARRIES_NO_SNIFF];
  if (carrying === undefined) answer.headers.set('X-Content-Type-Options', 'nosniff');
  else if (c.req.method !== 'HEAD') carrying.headers[ADDED_CONTENT_LENGTH] = Buffer.byteLength(carrying.body);
}

/** `X-Content-Type-Options: nosniff` on an answer refused before the routes (rare: cost is no matter). */
export function withNoSniff(answer: Response): Response {
  answer.headers.set('X-Content-Type-Options', 'nosniff');
  return answer;
}
