/**
 * The dashboard's session module, shared by every page under /dashboard (issue 10) and the
 * connector's consent and Connected apps pages (issue 9). A route module typically reads:
 *
 *   const page = new Hono<DashboardEnv>();
 *   page.use('*', requireSignIn());
 *   page.get('/', (c) => renderPage(c, { title: 'Connected apps' }, <form method="post">
 *     <CsrfField token={c.var.csrfToken} /> ... </form>));
 *
 * and is mounted by `dashboardApp` (../index.ts), which runs `dashboardSession(services)` and
 * `csrfProtection()` before every route: a POST without the token never reaches the handler.
 * Mounted elsewhere, run both middlewares first.
 */
export { clearCookie, cookieOptions, SESSION_COOKIE, SIGNED_OUT_CSRF_COOKIE } from './cookies.js';
export { csrfProtection, csrfRefusal, csrfTokenValid } from './csrf.js';
export { CSRF_FIELD, CsrfField } from './csrf-field.js';
export type { DashboardEnv, SignedIn } from './dashboard-env.js';
export {
  Layout,
  type LayoutProps,
  NAV_LINKS,
  type PageOptions,
  renderErrorPage,
  renderPage,
} from './layout.js';
export {
  clientAddress,
  dashboardSession,
  pathAndQuery,
  requireSignIn,
  signedIn,
  signInAs,
  signOut,
} from './middleware.js';
export { safeNext, signInUrl } from './safe-next.js';
export {
  endSession,
  refreshSession,
  resumeSession,
  SESSION_IDLE_SECONDS,
  SESSION_MAX_SECONDS,
  type StartedSession,
  startSession,
} from './sessions.js';
export {
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_WINDOW_SECONDS,
  SignInThrottle,
} from './sign-in-throttle.js';
export { renderPagesSynchronously } from './synchronous-rendering.js';
