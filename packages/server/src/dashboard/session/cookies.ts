import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';

/** The session cookie: a random id, never readable by scripts, sent on same-site navigations only. */
export const SESSION_COOKIE = 'sp_session';
/** CSRF token of the signed-out forms (sign-in, sign-up): a double-submit cookie. */
export const SIGNED_OUT_CSRF_COOKIE = 'sp_csrf';

/**
 * The browser's time zone, written by the dashboard's script (the page itself runs no code): a
 * zone name, nothing secret, so scripts may read and write it. Read only as a valid zone name.
 */
export const TIME_ZONE_COOKIE = 'sp_tz';

/** `Secure` only behind HTTPS: the public URL (SOCIALPUB_PUBLIC_URL) tells which. */
export function cookieOptions(baseUrl: string, maxAgeSeconds?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'Lax',
    secure: baseUrl.startsWith('https:'),
    path: '/',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: Math.max(0, Math.floor(maxAgeSeconds)) }),
  };
}

export function readCookie(c: Context, name: string): string | undefined {
  const value = getCookie(c, name);
  // Ours are base64url strings of fixed size; anything else is treated as absent.
  return value !== undefined && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
}

export function writeCookie(c: Context, name: string, value: string, options: CookieOptions): void {
  setCookie(c, name, value, options);
}

export function clearCookie(c: Context, name: string, baseUrl: string): void {
  deleteCookie(c, name, { path: '/', secure: baseUrl.startsWith('https:') });
}
