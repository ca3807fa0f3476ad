/**
 * The dashboard's session module, shared by every page under /dashboard. `dashboardApp` runs
 * `dashboardSession(services)` and `csrfProtection()` before every page, so a POST without the
 * token never reaches a handler; a page uses `requireSignIn()`, `renderPage` and `CsrfField`.
 */

export { clientAddress } from '../../http/client-address.js';
export { csrfProtection } from './csrf.js';
export { CsrfField } from './csrf-field.js';
export type { DashboardEnv, SignedIn } from './dashboard-env.js';
export {
  type LayoutProps,
  type PageOptions,
  renderErrorPage,
  renderPage,
} from './layout.js';
export {
  dashboardSession,
  requireSignIn,
  signedIn,
  signInAs,
  signOut,
} from './middleware.js';
export { safeNext, withNext } from './safe-next.js';
export {
  refreshSession,
  SESSION_IDLE_SECONDS,
  SESSION_MAX_SECONDS,
  type StartedSession,
} from './sessions.js';
export {
  SIGN_IN_FAILURES_BEFORE_SLOWING,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS,
  SignInThrottle,
} from './sign-in-throttle.js';
export { SIGN_UPS_PER_ADDRESS, SignUpThrottle } from './sign-up-throttle.js';
export { renderPagesSynchronously } from './synchronous-rendering.js';
