import { Hono } from 'hono';
import { type DashboardEnv, renderPage } from '../session/index.js';

/** What a person reads when SOCIALPUB_SIGNUP=closed (the page, and a POST that changes nothing). */
export const SIGN_UP_CLOSED_MESSAGE =
  'Sign-up is closed on this server: its operator creates the accounts (admin API POST /admin/v1/accounts, or the CLI’s admin accounts create). Ask them for one, then sign in.';

function SignUpClosedBody() {
  return (
    <div class="card">
      <p role="status">{SIGN_UP_CLOSED_MESSAGE}</p>
      <p>
        Already have an account? <a href="/dashboard/sign-in">Sign in</a>
      </p>
    </div>
  );
}

/** GET/POST /dashboard/sign-up on a server whose operator turned self sign-up off. */
export function signUpClosedPage(): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.get('/sign-up', (c) => renderPage(c, { title: 'Sign up' }, <SignUpClosedBody />));
  page.post('/sign-up', (c) => renderPage(c, { title: 'Sign up', status: 403 }, <SignUpClosedBody />));
  return page;
}
