/** The addresses the dashboard answers (all of them, unknown pages with its 404 page). */
export function isDashboardPath(path: string): boolean {
  return path === '/dashboard' || path.startsWith('/dashboard/');
}

/** A browser's navigation asks for HTML first; API clients send JSON or nothing. */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html/i.test(accept);
}
