/**
 * Where to go after signing in. Only a relative path starting with a single `/` is followed:
 * `//host`, `/\host`, absolute URLs and anything with control characters would let a link send a
 * person to another site after they typed their password (open redirect).
 */
export function safeNext(next: string | undefined | null, fallback = '/dashboard'): string {
  if (!next || next.length > 2000) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (/[\p{Cc}\\]/u.test(next)) return fallback;
  return next;
}

/** `/dashboard/sign-in?next=<path and query>` for a page that needs a signed-in person. */
export function signInUrl(pathAndQuery: string): string {
  return `/dashboard/sign-in?next=${encodeURIComponent(safeNext(pathAndQuery))}`;
}

/** `path` carrying `next` when it leads anywhere but the Overview (the sign-in and sign-up links). */
export function withNext(path: string, next: string): string {
  const kept = safeNext(next);
  return kept === '/dashboard' ? path : `${path}?next=${encodeURIComponent(kept)}`;
}
